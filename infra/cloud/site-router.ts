import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../functions/lib/viewer.js';

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
 * Viewer-request CloudFront Function (JS 2.0) of the site's default behavior:
 * - a path with a file extension in its last segment is served as is (assets, /config.json, ...);
 * - a prerendered page is served from `<path>/index.html` (`/` -> `/index.html`);
 * - any other path is a portal (SPA) route and gets `/shell.html`, which renders it client-side
 *   (including its own not-found page).
 *
 * This replaces distribution-wide error responses, which would also rewrite the API's 403/404.
 */
export function siteRouterCode(pages: readonly string[]): string {
  const table = JSON.stringify(Object.fromEntries(pages.map((p) => [p, 1])));
  return `var PAGES = ${table};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return request;
  var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.substring(0, uri.length - 1) : uri;
  if (PAGES[path] === 1) {
    request.uri = path === '/' ? '/index.html' : path + '/index.html';
  } else {
    request.uri = '/shell.html';
  }
  return request;
}
`;
}

/**
 * Headers of `/api/*` requests (functions/lib/viewer.ts): the viewer-request function below sets
 * `x-viewer-ip` to the visitor's IP (API Gateway's `requestContext.http.sourceIp` is the edge's address),
 * overwriting any value the client sent; the distribution adds `x-origin-verify` (the origin secret) as
 * an origin custom header, which the handlers check so the header is trusted only on this path.
 */
export { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER };

export function apiViewerCode(): string {
  return `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}
`;
}
