import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readEmbeddedContent, setAmbientContent } from '../lib/content/published';
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

let markStarted: () => void = () => undefined;
let markCommitted: () => void = () => undefined;
/** Resolves once React has taken over the page (from here on it handles, and replays, its events). */
export const started = new Promise<void>((resolve) => {
  markStarted = resolve;
});
/** Resolves once the page is hydrated (or rendered): its buttons have their handlers. */
export const committed = new Promise<void>((resolve) => {
  markCommitted = resolve;
});

function Committed({ children }: { children: ReactNode }) {
  useEffect(() => markCommitted(), []);
  return children;
}

const pathname = normalizePath(window.location.pathname);
// The published content the page was rendered with: hydration renders the same markup, nothing is fetched.
setAmbientContent(readEmbeddedContent(document));
const app = (
  <StrictMode>
    <Committed>
      <SiteProvider siteUrl={container.dataset.siteUrl ?? ''}>
        <App pathname={pathname} />
      </SiteProvider>
    </Committed>
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
      markStarted();
    }),
  );
} else {
  // SPA shell: render from scratch; React manages <title> from here.
  for (const el of document.head.querySelectorAll('title[data-shell]')) el.remove();
  container.replaceChildren();
  createRoot(container).render(app);
  markStarted();
}
