/**
 * The code of the site's CloudFront Function (JS 2.0), from the build's page list and the app's routes,
 * and the key-value store it reads (a CloudFront KeyValueStore in the cloud, a file locally): the render
 * on publish records there the article pages it published or took down after the build, so a deploy
 * (which rewrites the code with the build's pages) never forgets a published page nor brings back a
 * deleted one. The CDK web stack deploys the code (infra/cloud/site-router.ts); the local site server
 * evaluates the same code with its own store (infra/local/site-server.ts). docs/decisions/0044.
 */

/**
 * The path patterns the web app routes, written by the prerender (web/scripts/prerender.tsx) to
 * `site-routes.json` from the app's own lists (`PUBLIC_ROUTES`, `PORTAL_PATTERNS`): React Router syntax
 * (`/tips/:id`, trailing `*`), matched ignoring case and trailing slashes.
 */
export const SITE_ROUTES_FILE = 'site-routes.json';
export interface SiteRoutes {
  /** Public pages, dynamic ones included (`/tips/:id`): an article section's pages. */
  public: string[];
  /** Portal paths: the SPA shell. */
  portal: string[];
  /** Other addresses of article pages (a built-in story's number -> its slug's page). */
  aliases?: Record<string, string>;
}

/** The prerendered not-found page (answered with status 404). */
export const NOT_FOUND_PAGE = '/404.html';

/**
 * The article sections: public patterns `/<section>/:param` (`/tips/:id`, `/success-stories/:id`). Each
 * has its own not-found page, `/<section>/404.html`, showing the section's not-found view (SPEC 2's
 * "Article Not Found", "Story Not Found"), which the prerender writes and the router answers with 404.
 */
export function articleSections(publicRoutes: readonly string[]): string[] {
  const sections = publicRoutes.map((p) => /^\/([^/:*]+)\/:[^/]+$/.exec(p)?.[1]?.toLowerCase());
  return [...new Set(sections.filter((s): s is string => Boolean(s)))].sort();
}

/** A section's not-found page (a file of the build, like `/404.html`). */
export const sectionNotFoundPage = (section: string) => `/${section}/404.html`;

/** What the store says of an article page: the render published it, or took it down. */
export const PAGE_PUBLISHED = 'page';
export const PAGE_GONE = 'gone';
export type PageState = typeof PAGE_PUBLISHED | typeof PAGE_GONE;

/** CloudFront KeyValueStore's limit on a key's size in bytes (values here are a few bytes, under its 1 KB). */
export const ROUTE_KEY_LIMIT = 512;

/**
 * The store the render writes (shared/adapters/site-bucket.ts in the cloud, a file locally): keys are page
 * paths (`/tips/<id>`), values a PageState.
 */
export interface SiteRouteStore {
  update(pages: ReadonlyMap<string, PageState>): Promise<void>;
}

/** The store entries a render makes: article pages written are published, pages deleted are gone. */
export function routeChanges(
  routes: SiteRoutes,
  rendered: readonly string[],
  removed: readonly string[],
): Map<string, PageState> {
  const sections = new Set(articleSections(routes.public));
  const isArticle = (path: string) => {
    const parts = path.split('/').filter(Boolean);
    return parts.length === 2 && sections.has(parts[0].toLowerCase());
  };
  const changes = new Map<string, PageState>();
  for (const p of rendered) if (isArticle(p)) changes.set(p, PAGE_PUBLISHED);
  for (const p of removed) if (isArticle(p)) changes.set(p, PAGE_GONE);
  for (const key of changes.keys()) {
    if (new TextEncoder().encode(key).length > ROUTE_KEY_LIMIT)
      throw new Error(
        `The page path ${key.slice(0, 80)}... is over the route store's ${ROUTE_KEY_LIMIT}-byte key limit`,
      );
  }
  return changes;
}

/** The only module the function imports (CloudFront Functions' `cloudfront` module: `cf.kvs()`). */
export const ROUTER_IMPORT = "import cf from 'cloudfront';";

/**
 * CloudFront Function (JS 2.0) of the site's default behavior, associated with both viewer events and
 * with the site's KeyValueStore:
 * - viewer request: a path with a file extension in its last segment is served as is (assets,
 *   /config.json, ...); an article page (`/tips/<id>`, or an alias of one) from its own HTML when the store says the render
 *   published it, or, when the store has no word on it, when the build has it, and otherwise (never
 *   published, deleted) the section's not-found page (`/tips/404.html`); any other prerendered page from
 *   `<path>/index.html` (`/` -> `/index.html`); a portal path `/shell.html`; anything else `/404.html`;
 * - viewer response: a not-found page is answered with status 404 (whether CloudFront shows this
 *   function the rewritten or the original URI, both route to a not-found page), so unknown paths are
 *   not soft 404s.
 *
 * This replaces distribution-wide error responses, which would also rewrite the API's 403/404. A store
 * read that fails counts as "no word": the build's pages stay served.
 */
export function siteRouterCode(pages: readonly string[], routes: SiteRoutes = { public: [], portal: [] }): string {
  const table = JSON.stringify(Object.fromEntries([...pages].sort().map((p) => [p, 1])));
  const segments = (p: string) => p.toLowerCase().split('/').filter(Boolean);
  const sections = articleSections(routes.public);
  const patterns = JSON.stringify([...new Set([...routes.public, ...routes.portal])].sort().map(segments));
  const aliases = JSON.stringify(routes.aliases ?? {});
  const sectionPages = JSON.stringify(Object.fromEntries(sections.map((s) => [s, sectionNotFoundPage(s)])));
  const notFound = JSON.stringify(
    Object.fromEntries([NOT_FOUND_PAGE, ...sections.map(sectionNotFoundPage)].map((p) => [p, 1])),
  );
  return `${ROUTER_IMPORT}
var store = cf.kvs();
var PAGES = ${table};
var PATTERNS = ${patterns};
var SECTIONS = ${sectionPages};
var ALIASES = ${aliases};
var NOT_FOUND = ${notFound};
function matches(want, have) {
  var splat = want.length > 0 && want[want.length - 1] === '*';
  var n = splat ? want.length - 1 : want.length;
  if (splat ? have.length < n : have.length !== n) return false;
  for (var i = 0; i < n; i++) {
    if (want[i].charAt(0) !== ':' && want[i] !== have[i]) return false;
  }
  return true;
}
async function recorded(path) {
  try {
    return await store.get(path);
  } catch (e) {
    return undefined;
  }
}
async function route(uri) {
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return uri;
  var path = uri;
  while (path.length > 1 && path.charAt(path.length - 1) === '/') path = path.substring(0, path.length - 1);
  var page = path === '/' ? '/index.html' : path + '/index.html';
  var have = path.toLowerCase().split('/').filter(function (s) { return s !== ''; });
  if (have.length === 2 && Object.prototype.hasOwnProperty.call(SECTIONS, have[0])) {
    var target = Object.prototype.hasOwnProperty.call(ALIASES, path) ? ALIASES[path] : path;
    var state = await recorded(target);
    if (state === '${PAGE_PUBLISHED}' || (state !== '${PAGE_GONE}' && PAGES[target] === 1)) return target + '/index.html';
    return SECTIONS[have[0]];
  }
  if (PAGES[path] === 1) return page;
  for (var i = 0; i < PATTERNS.length; i++) {
    if (matches(PATTERNS[i], have)) return '/shell.html';
  }
  return '${NOT_FOUND_PAGE}';
}
async function handler(event) {
  if (event.context && event.context.eventType === 'viewer-response') {
    var response = event.response;
    if (response.statusCode === 200 && NOT_FOUND[await route(event.request.uri)] === 1) {
      response.statusCode = 404;
      response.statusDescription = 'Not Found';
    }
    return response;
  }
  var request = event.request;
  request.uri = await route(request.uri);
  return request;
}
`;
}
