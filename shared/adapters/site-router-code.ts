/**
 * The code of the site's CloudFront Function (JS 2.0), from the page list and the app's routes. The CDK
 * web stack deploys it with the build's pages (infra/cloud/site-router.ts), the local site server
 * evaluates the same code, and the render on publish republishes it when the rendered pages change (a tip
 * or story published later gets its own page: shared/adapters/site-bucket.ts).
 */

/**
 * The path patterns the web app routes, written by the prerender (web/scripts/prerender.tsx) to
 * `site-routes.json` from the app's own lists (`PUBLIC_ROUTES`, `PORTAL_PATTERNS`): React Router syntax
 * (`/tips/:id`, trailing `*`), matched ignoring case and trailing slashes.
 */
export const SITE_ROUTES_FILE = 'site-routes.json';
export interface SiteRoutes {
  /** Public pages, dynamic ones included (`/tips/:id`): served by the SPA shell when not prerendered. */
  public: string[];
  /** Portal paths: the SPA shell. */
  portal: string[];
}

/** The prerendered not-found page (answered with status 404). */
export const NOT_FOUND_PAGE = '/404.html';

/**
 * CloudFront Function (JS 2.0) of the site's default behavior, associated with both viewer events:
 * - viewer request: a path with a file extension in its last segment is served as is (assets,
 *   /config.json, ...); a prerendered page from `<path>/index.html` (`/` -> `/index.html`); a portal path
 *   or a public page without its own HTML (e.g. a tip published later) gets `/shell.html`; any other path
 *   gets the prerendered not-found page `/404.html`;
 * - viewer response: the not-found page is answered with status 404 (whether CloudFront shows this
 *   function the rewritten or the original URI, both route to `/404.html`), so unknown paths are not
 *   soft 404s.
 *
 * This replaces distribution-wide error responses, which would also rewrite the API's 403/404.
 */
export function siteRouterCode(pages: readonly string[], routes: SiteRoutes = { public: [], portal: [] }): string {
  const table = JSON.stringify(Object.fromEntries(pages.map((p) => [p, 1])));
  const segments = (p: string) => p.toLowerCase().split('/').filter(Boolean);
  const patterns = JSON.stringify([...new Set([...routes.public, ...routes.portal])].sort().map(segments));
  return `var PAGES = ${table};
var PATTERNS = ${patterns};
var NOT_FOUND = '${NOT_FOUND_PAGE}';
function matches(want, have) {
  var splat = want.length > 0 && want[want.length - 1] === '*';
  var n = splat ? want.length - 1 : want.length;
  if (splat ? have.length < n : have.length !== n) return false;
  for (var i = 0; i < n; i++) {
    if (want[i].charAt(0) !== ':' && want[i] !== have[i]) return false;
  }
  return true;
}
function route(uri) {
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return uri;
  var path = uri;
  while (path.length > 1 && path.charAt(path.length - 1) === '/') path = path.substring(0, path.length - 1);
  if (PAGES[path] === 1) return path === '/' ? '/index.html' : path + '/index.html';
  var have = path.toLowerCase().split('/').filter(function (s) { return s !== ''; });
  for (var i = 0; i < PATTERNS.length; i++) {
    if (matches(PATTERNS[i], have)) return '/shell.html';
  }
  return NOT_FOUND;
}
function handler(event) {
  if (event.context && event.context.eventType === 'viewer-response') {
    var response = event.response;
    if (response.statusCode === 200 && route(event.request.uri) === NOT_FOUND) {
      response.statusCode = 404;
      response.statusDescription = 'Not Found';
    }
    return response;
  }
  var request = event.request;
  request.uri = route(request.uri);
  return request;
}
`;
}
