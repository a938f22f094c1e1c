import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SiteProvider } from '../lib/site';
import { App } from './app';
import { isNotFoundPath, lazyPagesFor } from './routes';

/**
 * Hydrates the prerendered public page, or renders the SPA shell (portal routes, unknown paths).
 * Loaded by web/src/main.tsx.
 */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');

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
    startTransition(() => {
      hydrateRoot(container, app);
    }),
  );
} else {
  // SPA shell (portal routes, unknown paths): render from scratch; React manages <title> from here.
  for (const el of document.head.querySelectorAll('title[data-shell]')) el.remove();
  container.replaceChildren();
  createRoot(container).render(app);
}
