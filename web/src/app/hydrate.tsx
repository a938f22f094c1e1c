import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SiteProvider } from '../lib/site';
import { App } from './app';
import { normalizePath } from './paths';
import { isNotFoundPath, lazyPagesFor } from './routes';

/**
 * Hydrates the prerendered public page, or renders the SPA shell (portal routes, pages not prerendered,
 * unknown paths). Loaded by web/src/main.tsx.
 */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');

const pathname = normalizePath(window.location.pathname);
const app = (
  <StrictMode>
    <SiteProvider siteUrl={container.dataset.siteUrl ?? ''}>
      <App pathname={pathname} />
    </SiteProvider>
  </StrictMode>
);

/** Whether the static HTML in #root was prerendered for the page at this URL. */
function prerenderedForThisUrl(page: string | undefined): boolean {
  if (!page || !container?.firstElementChild) return false;
  return page === '404' ? isNotFoundPath(pathname) : page === pathname;
}

if (prerenderedForThisUrl(container.dataset.page)) {
  // Load the page's own chunk first (the HTML already modulepreloads it) so hydration never suspends.
  Promise.all(lazyPagesFor(pathname).map((p) => p.preload())).finally(() =>
    startTransition(() => {
      hydrateRoot(container, app);
    }),
  );
} else {
  // SPA shell: render from scratch; React manages <title> from here.
  for (const el of document.head.querySelectorAll('title[data-shell]')) el.remove();
  container.replaceChildren();
  createRoot(container).render(app);
}
