import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadSignInScreens, SIGN_IN_SCREEN_PATHS } from '../features/auth/sign-in-screens';
import { SiteProvider } from '../lib/site';
import { normalizePath } from './paths';
import { LazyPortal } from './portal-lazy';

/**
 * Renders the portal into the SPA shell (app/shell-start.ts chose it): unlike app/public-shell.tsx it does
 * not bring the public pages (home, header, footer, live content), which a portal route never shows.
 */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');

// On a sign-in page its screen's chunk downloads beside the portal's instead of after it.
if (SIGN_IN_SCREEN_PATHS.includes(normalizePath(window.location.pathname))) loadSignInScreens().catch(() => undefined); // the screen's own load reports a failure

for (const el of document.head.querySelectorAll('title[data-shell]')) el.remove();
container.replaceChildren();
createRoot(container).render(
  <StrictMode>
    <SiteProvider siteUrl={container.dataset.siteUrl ?? ''}>
      <LazyPortal />
    </SiteProvider>
  </StrictMode>,
);
