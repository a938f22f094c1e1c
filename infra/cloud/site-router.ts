import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CDN_DISTRIBUTION_HEADER, ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../functions/lib/viewer.js';
import {
  articleSections,
  ROUTER_IMPORT,
  SITE_ROUTES_FILE,
  type SiteRoutes,
  siteRouterCode,
} from '../../shared/adapters/site-router-code.js';

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

export { articleSections, ROUTER_IMPORT, SITE_ROUTES_FILE, type SiteRoutes, siteRouterCode };

/** The routes of a web build (empty lists when there is no build or no routes file). */
export function siteRoutes(distDir: string): SiteRoutes {
  const file = join(distDir, SITE_ROUTES_FILE);
  if (!existsSync(file)) return { public: [], portal: [] };
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<SiteRoutes>;
  return { public: parsed.public ?? [], portal: parsed.portal ?? [], aliases: parsed.aliases ?? {} };
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
