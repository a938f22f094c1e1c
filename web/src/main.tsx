import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { isNotFoundPath, lazyPagesFor } from './app/routes';
import { SiteProvider } from './lib/site';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');

/*
 * Prerendered pages inline their stylesheets (<style data-href="/assets/x.css">, web/scripts/prerender.tsx).
 * Vite's preload helper, which loads a lazy chunk's CSS on client-side navigation, only knows a stylesheet
 * is present from a <link rel=stylesheet href> (it looks once, at its first load, which comes after this):
 * give it a disabled one per inlined file, which is neither fetched nor applied. Otherwise it would link
 * those files again, later in <head>, moving their rules after the page's own.
 */
for (const style of document.head.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.disabled = true;
  link.href = style.dataset.href ?? '';
  document.head.append(link);
}

const app = (
  <StrictMode>
    <SiteProvider siteUrl={container.dataset.siteUrl ?? ''}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </SiteProvider>
  </StrictMode>
);

/** Whether the static HTML in #root was prerendered for the page at this URL. */
function prerenderedForThisUrl(page: string | undefined): boolean {
  if (!page || !container?.firstElementChild) return false;
  const path = window.location.pathname.replace(/\/+$/, '') || '/';
  return page === '404' ? isNotFoundPath(path) : page === path;
}

if (prerenderedForThisUrl(container.dataset.page)) {
  // Load the page's own chunk first (the HTML already modulepreloads it) so hydration never suspends.
  Promise.all(lazyPagesFor(window.location.pathname).map((p) => p.preload())).finally(() =>
    hydrateRoot(container, app),
  );
} else {
  // SPA shell (portal routes, unknown paths): render from scratch; React manages <title> from here.
  for (const el of document.head.querySelectorAll('title[data-shell]')) el.remove();
  container.replaceChildren();
  createRoot(container).render(app);
}
