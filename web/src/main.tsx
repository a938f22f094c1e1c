import './styles/global.css';
import { sendPageView } from './lib/page-beacon';

/*
 * The entry every page loads: the site's base stylesheet and this loader, nothing else.
 *
 * A prerendered public page (`<div id="root" data-page>`) is complete HTML and needs no React: its
 * behaviour (header, Back / Share / Play buttons, image fallbacks, saved business info) is a few KB of
 * plain TypeScript (lib/static-page), and only an island (the contact form) loads React, when it comes
 * near the viewport or is touched. The SPA shell (portal routes, paths without prerendered HTML) has
 * nothing to show without its code: it loads the React app at once.
 */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');

/*
 * Prerendered pages inline their stylesheets (<style data-href="/assets/x.css /assets/y.css">, see
 * web/scripts/prerender.tsx). Vite's preload helper, which loads a lazy chunk's CSS when the chunk loads,
 * only knows a stylesheet is present from a <link rel=stylesheet href> (it looks once, at its first load,
 * which comes after this): give it a disabled one per inlined file, which is neither fetched nor applied.
 * Otherwise an island's chunk would link those files again, later in <head>, moving their rules after
 * the page's own.
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

/*
 * Until the page's behaviour is bound, its buttons (mobile menu, Back, Share) have no handlers; links and
 * form fields work without them. A click on one is replayed on the same button once they have.
 */
let earlyClick: HTMLButtonElement | null = null;
function onEarlyClick(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button && container?.contains(button) && !button.closest('[data-island]')) earlyClick = button;
}

sendPageView();
if (container.dataset.page) {
  document.addEventListener('click', onEarlyClick, true);
  void import('./app/islands').then(({ startStaticPage }) => {
    startStaticPage(document);
    document.removeEventListener('click', onEarlyClick, true);
    const button = earlyClick;
    earlyClick = null;
    if (button?.isConnected) button.click();
  });
} else {
  void import('./app/shell-start').then((m) => m.loadShell());
}
