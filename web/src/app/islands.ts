import { bindPage } from '../lib/static-page';

/**
 * The interactive parts of a static page that need React: `[data-island="<name>"]` elements whose
 * prerendered markup a module hydrates. The module (and React with it) is fetched only when the island
 * comes within `NEAR_MARGIN` of the viewport as the visitor scrolls, or when the visitor touches it
 * (focus, pointer): a page without an island, or one never scrolled to, loads no React at all. An island
 * already on screen when the page loads waits for a touch (typing into the form starts with one), so
 * loading React never competes with the page's own loading. The island marks itself `data-hydrated`
 * once its handlers are attached; a submit made before that is held and made again then.
 */
const ISLANDS: Record<string, () => Promise<{ hydrateIsland: (el: HTMLElement) => void }>> = {
  'contact-form': () => import('./contact-island'),
};

/** How close to the viewport an island starts loading (its code arrives before it is reached). */
export const NEAR_MARGIN = '200px';

const TOUCH_EVENTS = ['focusin', 'pointerdown', 'pointerenter', 'touchstart'] as const;

function touchedAlready(el: HTMLElement): boolean {
  if (el.contains(el.ownerDocument.activeElement)) return true;
  return [
    ...el.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select'),
  ].some((f) =>
    f instanceof HTMLInputElement && (f.type === 'checkbox' || f.type === 'radio') ? f.checked : f.value !== '',
  );
}

/**
 * A submit (a click on Submit, Enter in a field) made before the island's code has hydrated it: the
 * browser's own submission is stopped, the island is loaded, and once it marks itself `data-hydrated`
 * the same submit is made again, now handled by the island.
 */
function holdEarlySubmit(el: HTMLElement, start: () => void): () => void {
  let pending: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;
  let observer: MutationObserver | undefined;
  const replay = () => {
    if (el.dataset.hydrated !== 'true' || !pending) return;
    const { form, submitter } = pending;
    pending = undefined;
    observer?.disconnect();
    form.requestSubmit(submitter && form.contains(submitter) ? submitter : null);
  };
  const onSubmit = (e: Event) => {
    if (el.dataset.hydrated === 'true' || !(e.target instanceof HTMLFormElement)) return;
    e.preventDefault();
    pending = { form: e.target, submitter: (e as SubmitEvent).submitter ?? null };
    observer ??= new MutationObserver(replay);
    observer.observe(el, { attributes: true, attributeFilter: ['data-hydrated'] });
    start();
  };
  el.addEventListener('submit', onSubmit, { capture: true });
  return () => {
    el.removeEventListener('submit', onSubmit, { capture: true });
    observer?.disconnect();
  };
}

export function watchIslands(
  root: ParentNode,
  islands: Record<string, () => Promise<{ hydrateIsland: (el: HTMLElement) => void }>> = ISLANDS,
): () => void {
  const cleanups: (() => void)[] = [];
  for (const el of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const load = islands[el.dataset.island ?? ''];
    if (!load) continue;
    let started = false;
    let observer: IntersectionObserver | undefined;
    const stop = () => {
      observer?.disconnect();
      for (const type of TOUCH_EVENTS) el.removeEventListener(type, start, true);
    };
    function start() {
      if (started) return;
      started = true;
      stop();
      void load().then((m) => m.hydrateIsland(el));
    }
    for (const type of TOUCH_EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
    cleanups.push(holdEarlySubmit(el, start));
    // Touched before this script ran (a slow network): focused, or typed into.
    if (touchedAlready(el)) {
      start();
      continue;
    }
    if (typeof IntersectionObserver === 'function') {
      let first = true;
      observer = new IntersectionObserver(
        (entries) => {
          const near = entries.some((e) => e.isIntersecting);
          // The first report is where the island is at load: near then, it waits for a touch.
          const atLoad = first;
          first = false;
          if (near && !atLoad) start();
        },
        { rootMargin: `${NEAR_MARGIN} 0px` },
      );
      observer.observe(el);
    }
    cleanups.push(stop);
  }
  return () => {
    for (const c of cleanups) c();
  };
}

/**
 * A prerendered page's script (web/src/main.tsx imports it): its behaviour bound (lib/static-page), its
 * islands watched, then `data-page-ready` on <html>.
 */
export function startStaticPage(doc: Document = document): void {
  bindPage(doc);
  watchIslands(doc);
  doc.documentElement.dataset.pageReady = 'true';
}
