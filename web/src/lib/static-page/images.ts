/**
 * What a static page's images do when they fail to load, by data attribute on the <img>:
 * - `data-fallback-src` (with `data-fallback-srcset` / `data-fallback-sizes`): show that image instead
 *   (the default hero and about images, SPEC 8); when it fails too, as `data-fallback="remove"`.
 * - `data-fallback="remove"`: the image's frame (`.media-frame`, else the image) leaves the page.
 * - `data-fallback="template"`: the image gives way to the content of the <template> after it (the
 *   testimonials' generated avatar).
 * Images that failed before this ran are found by a scan; later failures by one capturing listener.
 */
function fail(img: HTMLImageElement) {
  const fallback = img.dataset.fallbackSrc;
  if (fallback && img.getAttribute('src') !== fallback) {
    img.removeAttribute('srcset');
    img.removeAttribute('sizes');
    if (img.dataset.fallbackSrcset) img.srcset = img.dataset.fallbackSrcset;
    if (img.dataset.fallbackSizes) img.sizes = img.dataset.fallbackSizes;
    img.src = fallback;
    return;
  }
  const mode = img.dataset.fallback ?? (fallback ? 'remove' : undefined);
  if (mode === 'remove') {
    (img.closest('.media-frame') ?? img).remove();
  } else if (mode === 'template') {
    const template = img.nextElementSibling;
    if (!(template instanceof HTMLTemplateElement)) return;
    const nodes = template.content.childNodes.length ? template.content.cloneNode(true) : null;
    if (nodes) img.replaceWith(nodes);
    else img.replaceWith(...template.childNodes);
    template.remove();
  }
}

const handled = (img: HTMLImageElement) => img.dataset.fallback !== undefined || img.dataset.fallbackSrc !== undefined;

export function bindImageFallbacks(root: Document | HTMLElement): () => void {
  const onError = (event: Event) => {
    const img = event.target;
    if (img instanceof HTMLImageElement && handled(img)) fail(img);
  };
  root.addEventListener('error', onError, true);
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-fallback], img[data-fallback-src]')) {
    if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) fail(img);
  }
  return () => root.removeEventListener('error', onError, true);
}
