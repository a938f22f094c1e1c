import { normalizePath } from './paths';
import { isPortalPath } from './portal-paths';

/**
 * The SPA shell's start (web/src/main.tsx loads it for a page without prerendered HTML): a portal path
 * renders only the portal (app/portal-start.tsx); any other path (a page not prerendered, an unknown
 * path) goes through app/public-shell.tsx with the public pages.
 */
export function loadShell(): Promise<unknown> {
  return isPortalPath(normalizePath(window.location.pathname)) ? import('./portal-start') : import('./public-shell');
}
