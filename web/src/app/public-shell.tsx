import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { SiteProvider } from '../lib/site';
import { bindPage } from '../lib/static-page';
import { App } from './app';
import { normalizePath } from './paths';

/**
 * A public page the SPA shell renders (a path without prerendered HTML: an unknown path where the host
 * answers with the shell, a page published after the site's page list was made), with React, then
 * bound like a prerendered page (lib/static-page). Loaded by app/shell-start.ts; prerendered pages never
 * load it (web/src/main.tsx).
 */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');

let bound = false;
/** Once rendered, the page's behaviour is bound (once: StrictMode runs effects twice in development). */
function Bound({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (bound) return;
    bound = true;
    bindPage(document);
  }, []);
  return children;
}

// React manages <title> from here.
for (const el of document.head.querySelectorAll('title[data-shell]')) el.remove();
container.replaceChildren();
createRoot(container).render(
  <StrictMode>
    <Bound>
      <SiteProvider siteUrl={container.dataset.siteUrl ?? ''}>
        <App pathname={normalizePath(window.location.pathname)} />
      </SiteProvider>
    </Bound>
  </StrictMode>,
);
