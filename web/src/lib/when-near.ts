/**
 * Resolves once the element `selector` names (with the <section> around it) comes within `margin` of
 * the viewport; at once when the page has no such element (rendered on the client) or the browser no
 * IntersectionObserver. The home page's prerendered blocks below the fold load their code (and then
 * their live content) as the visitor scrolls towards them: until then they are plain HTML, links
 * included.
 */
export function whenNear(selector: string, margin = '800px'): Promise<void> {
  const found = typeof document === 'undefined' ? null : document.querySelector(selector);
  const el = found?.closest('section') ?? found;
  if (!el || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(el);
  });
}
