import { describe, expect, it } from 'vitest';
import {
  articleSections,
  PAGE_GONE,
  PAGE_PUBLISHED,
  routeChanges,
  siteRouterCode,
} from '../../shared/adapters/site-router-code.js';
import { PORTAL_PATTERNS } from '../../web/src/app/portal-paths.js';
import { publicPages } from '../../web/src/app/public-pages.js';
import { PUBLIC_ROUTES } from '../../web/src/app/routes.js';
import { CLOUDFRONT_FUNCTION_CODE_LIMIT, cloudFrontFunction } from '../support/cloudfront-function.js';

/**
 * The site's CloudFront Function (shared/adapters/site-router-code.ts), run under CloudFront Functions'
 * rules (test/support/cloudfront-function.ts) with a stand-in for its KeyValueStore: where a URI is served
 * from, and with which status.
 */
const ROUTES = {
  public: ['/', '/tips', '/tips/:id', '/success-stories', '/success-stories/:id'],
  portal: ['/login', '/dashboard/*'],
};
const BUILD = ['/', '/tips', '/tips/crate-training', '/success-stories', '/success-stories/max'];

function router(store: Record<string, string> = {}, pages = BUILD, routes = ROUTES) {
  const handler = cloudFrontFunction(siteRouterCode(pages, routes), new Map(Object.entries(store)));
  const route = async (uri: string) =>
    ((await handler({ context: { eventType: 'viewer-request' }, request: { uri } })) as { uri: string }).uri;
  const status = async (uri: string) =>
    (
      (await handler({
        context: { eventType: 'viewer-response' },
        request: { uri },
        response: { statusCode: 200, headers: {} },
      })) as { statusCode: number }
    ).statusCode;
  return { route, status };
}

describe('site router code (CloudFront Functions JS 2.0)', () => {
  it('fits the CloudFront Functions rules with the real page and route lists', async () => {
    const code = siteRouterCode(
      publicPages().map((p) => p.path),
      { public: PUBLIC_ROUTES.map((r) => r.path), portal: PORTAL_PATTERNS },
    );
    expect(Buffer.byteLength(code)).toBeLessThan(CLOUDFRONT_FUNCTION_CODE_LIMIT);
    expect(code.startsWith("import cf from 'cloudfront';")).toBe(true);
    const handler = cloudFrontFunction(code);
    expect(await handler({ context: { eventType: 'viewer-request' }, request: { uri: '/about' } })).toEqual({
      uri: '/about/index.html',
    });
    expect(articleSections(PUBLIC_ROUTES.map((r) => r.path))).toEqual(['classes', 'success-stories', 'tips']);
  });

  it("answers an unknown tip or story with its section's not-found page and status 404", async () => {
    const { route, status } = router();
    expect(await route('/tips/never-published')).toBe('/tips/404.html');
    expect(await route('/success-stories/nobody/')).toBe('/success-stories/404.html');
    // Whether CloudFront shows the viewer response the original or the rewritten URI.
    for (const uri of [
      '/tips/never-published',
      '/tips/404.html',
      '/success-stories/nobody',
      '/success-stories/404.html',
    ])
      expect(await status(uri), uri).toBe(404);
    expect(await route('/nowhere')).toBe('/404.html');
    expect(await status('/nowhere')).toBe(404);
    expect(await route('/tips/a/b')).toBe('/404.html');
  });

  it("serves the build's pages, and portal paths from the shell", async () => {
    const { route, status } = router();
    expect(await route('/')).toBe('/index.html');
    expect(await route('/tips')).toBe('/tips/index.html');
    expect(await route('/tips/crate-training')).toBe('/tips/crate-training/index.html');
    expect(await status('/tips/crate-training')).toBe(200);
    expect(await route('/dashboard/clients/1')).toBe('/shell.html');
    expect(await route('/assets/app-1.js')).toBe('/assets/app-1.js');
  });

  it('serves a page the render published after the build, and not one it took down, whatever the build has', async () => {
    const { route, status } = router({
      '/tips/published-later': PAGE_PUBLISHED,
      '/tips/crate-training': PAGE_GONE,
      '/success-stories/max': PAGE_GONE,
    });
    expect(await route('/tips/published-later')).toBe('/tips/published-later/index.html');
    expect(await status('/tips/published-later')).toBe(200);
    // A deleted built-in tip: the build (and so the code a deploy writes) still has it.
    expect(await route('/tips/crate-training')).toBe('/tips/404.html');
    expect(await status('/tips/crate-training')).toBe(404);
    expect(await route('/success-stories/max')).toBe('/success-stories/404.html');
  });

  it('keeps a deploy from forgetting published pages: new code with the same store routes the same', async () => {
    const store = { '/tips/published-later': PAGE_PUBLISHED, '/tips/crate-training': PAGE_GONE };
    const before = router(store);
    const after = router(store, [...BUILD, '/tips/new-in-build']);
    for (const uri of ['/tips/published-later', '/tips/crate-training'])
      expect(await after.route(uri), uri).toBe(await before.route(uri));
    expect(await after.route('/tips/new-in-build')).toBe('/tips/new-in-build/index.html');
  });
});

describe('site router code: other addresses of a page', () => {
  it("serves a built-in story by its number from its slug's page, as long as that page is served", async () => {
    const routes = { ...ROUTES, aliases: { '/success-stories/1': '/success-stories/max' } };
    const { route, status } = router({}, BUILD, routes);
    expect(await route('/success-stories/1')).toBe('/success-stories/max/index.html');
    expect(await status('/success-stories/1')).toBe(200);
    expect(await route('/success-stories/2')).toBe('/success-stories/404.html');
    const gone = router({ '/success-stories/max': PAGE_GONE }, BUILD, routes);
    expect(await gone.route('/success-stories/1')).toBe('/success-stories/404.html');
  });
});

describe('routeChanges: what a render records in the router store', () => {
  it('records article pages written as published and deleted ones as gone, nothing else', () => {
    const changes = routeChanges(ROUTES, ['/', '/tips', '/tips/a', '/success-stories/b'], ['/tips/c']);
    expect(Object.fromEntries(changes)).toEqual({
      '/tips/a': PAGE_PUBLISHED,
      '/success-stories/b': PAGE_PUBLISHED,
      '/tips/c': PAGE_GONE,
    });
  });

  it('refuses a page path over the store key limit (512 bytes)', () => {
    expect(() => routeChanges(ROUTES, [`/tips/${'x'.repeat(520)}`], [])).toThrow('512-byte key limit');
  });
});
