import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CDN_DISTRIBUTION_HEADER, ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../functions/lib/viewer.js';

/**
 * Pretty URLs of the prerendered public pages: every `<dir>/index.html` in the web build, as a path
 * (`index.html` -> `/`, `about/index.html` -> `/about`). Empty when there is no build.
 */
export function prerenderedPages(distDir: string): string[] {
  if (!existsSync(distDir)) return [];
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'assets') walk(full);
      } else if (entry.name === 'index.html') {
        const rel = relative(distDir, dir).split(sep).join('/');
        pages.push(rel ? `/${rel}` : '/');
      }
    }
  };
  walk(distDir);
  return pages.sort();
}

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

/** The routes of a web build (empty lists when there is no build or no routes file). */
export function siteRoutes(distDir: string): SiteRoutes {
  const file = join(distDir, SITE_ROUTES_FILE);
  if (!existsSync(file)) return { public: [], portal: [] };
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<SiteRoutes>;
  return { public: parsed.public ?? [], portal: parsed.portal ?? [] };
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

/**
 * Headers of `/api/*` requests (functions/lib/viewer.ts): the viewer-request function below sets
 * `x-viewer-ip` to the visitor's IP (API Gateway's `requestContext.http.sourceIp` is the edge's address),
 * overwriting any value the client sent; the distribution adds `x-origin-verify` (the origin secret) as
 * an origin custom header, which the handlers check so the header is trusted only on this path. The
 * function also passes the distribution's id (`x-cdn-distribution-id`) for invalidations.
 */
export { CDN_DISTRIBUTION_HEADER, ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER };

export function apiViewerCode(): string {
  return `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  request.headers['${CDN_DISTRIBUTION_HEADER}'] = { value: event.context.distributionId };
  return request;
}
`;
}
