import './styles/global.css';
import { sendPageView } from './lib/page-beacon';

/*
 * The entry every page loads: the site's base stylesheet and this loader, nothing else.
 *
 * A prerendered public page (`<div id="root" data-page>`) is complete HTML: its script only hydrates it
 * (header on scroll, mobile menu, live content, forms). Its code (React and the page's chunk) is fetched
 * once the page has loaded and its text is painted, so on a slow phone the text, the hero image and the
 * font never share the network or the main thread with it. The SPA shell (portal routes, unknown paths) has nothing to show
 * without its code: it loads at once.
 */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');

/*
 * Prerendered pages inline their stylesheets (<style data-href="/assets/x.css /assets/y.css">, see
 * web/scripts/prerender.tsx). Vite's preload helper, which loads a lazy chunk's CSS when the chunk loads,
 * only knows a stylesheet is present from a <link rel=stylesheet href> (it looks once, at its first load,
 * which comes after this): give it a disabled one per inlined file, which is neither fetched nor applied.
 * Otherwise it would link those files again, later in <head>, moving their rules after the page's own.
 */
for (const style of document.head.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
  for (const href of (style.dataset.href ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.disabled = true;
    link.href = href;
    document.head.append(link);
  }
}

let started = false;
function start() {
  if (started) return;
  started = true;
  // The page chunk's modules (the prerender lists them): fetched alongside React instead of after it.
  for (const href of (container?.dataset.modules ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  // A prerendered page hydrates; the SPA shell (no prerendered HTML) renders, the portal without the public pages.
  const load = container?.dataset.page
    ? import('./app/hydrate')
    : import('./app/shell-start').then((m) => m.loadShell());
  void load.then(async ({ started: reactStarted, committed }) => {
    // From here React sees (and replays) the page's events itself.
    await reactStarted;
    document.removeEventListener('click', onEarlyClick, true);
    await committed;
    const button = earlyClick;
    earlyClick = null;
    if (button?.isConnected) button.click();
  });
}

/*
 * Until React takes over, the page's buttons (mobile menu, Back, Share) have no handlers; links and form
 * fields work without them. A click on one starts hydration at once and is replayed on the same button
 * once it is hydrated.
 */
let earlyClick: HTMLButtonElement | null = null;
function onEarlyClick(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button && container?.contains(button)) earlyClick = button;
  start();
}

/** Once the page's text is on screen (a hidden tab paints nothing: then after a short wait). */
function afterFirstContentfulPaint() {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (painted()) {
    setTimeout(start, 0);
    return;
  }
  try {
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      setTimeout(start, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the wait below starts it.
  }
  setTimeout(start, 1000);
}

if (container.dataset.page) document.addEventListener('click', onEarlyClick, true);

sendPageView();
if (!container.dataset.page) start();
else if (document.readyState === 'complete') afterFirstContentfulPaint();
else window.addEventListener('load', afterFirstContentfulPaint, { once: true });
