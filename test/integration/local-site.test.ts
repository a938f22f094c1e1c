import { cpSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSiteStore } from '../../infra/local/site-files.js';
import { close, echoServer } from './echo-server.js';

/** The local site server's static side: the CloudFront rules (infra/local/site-server.ts). */
describe('static web app (the CloudFront rules)', () => {
  let build: string;
  let dist: string;
  let routeStore: string;
  let site: Awaited<ReturnType<typeof echoServer>>;
  const js = `export const x = ${JSON.stringify('a'.repeat(5000))};\n`;
  beforeAll(async () => {
    // The build (whose pages make the router's code) and the site folder served, a copy the render writes.
    build = mkdtempSync(join(tmpdir(), 'web-build-'));
    const files: Record<string, string> = {
      'index.html': '<!doctype html><title>Home</title>',
      'shell.html': '<!doctype html><title>Shell</title>',
      'programs/index.html': '<!doctype html><title>Programs</title>',
      'tips/index.html': '<!doctype html><title>Tips</title>',
      'tips/crate-training/index.html': '<!doctype html><title>Crate training</title>',
      'tips/404.html': '<!doctype html><title>Article Not Found</title><a href="/tips">Return to Tips</a>',
      'success-stories/404.html':
        '<!doctype html><title>Story Not Found</title><a href="/success-stories">Back to Success Stories</a>',
      'assets/app-3f2a1b.js': js,
      'robots.txt': 'User-agent: *\n',
      '404.html': '<!doctype html><title>Page not found</title>',
      'site-routes.json': JSON.stringify({
        public: ['/', '/programs', '/tips', '/tips/:id', '/success-stories/:id'],
        portal: ['/dashboard', '/portal/clients/:id'],
      }),
    };
    for (const [name, body] of Object.entries(files)) {
      await mkdir(dirname(join(build, name)), { recursive: true });
      writeFileSync(join(build, name), body);
    }
    utimesSync(join(build, 'robots.txt'), new Date(2020, 0, 1), new Date(2020, 0, 1));
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    cpSync(build, dist, { recursive: true, preserveTimestamps: true });
    routeStore = join(mkdtempSync(join(tmpdir(), 'route-store-')), 'store.json');
    site = await echoServer({ webDist: dist, routerBuild: build, routeStore });
  });
  afterAll(async () => {
    await close(site.server);
    for (const d of [build, dist, dirname(routeStore)]) rmSync(d, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const req = httpRequest(`${site.base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );

  it('serves files, prerendered pages and the SPA shell (portal paths) with status 200', async () => {
    const home = await get('/');
    expect(home.body.toString()).toContain('Home');
    expect(home.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await get('/programs')).body.toString()).toContain('Programs');
    expect((await get('/programs/')).body.toString()).toContain('Programs');
    const portal = await get('/portal/clients/42');
    expect(portal.status).toBe(200);
    expect(portal.body.toString()).toContain('Shell');
    expect((await get('/Dashboard/')).status).toBe(200);
    expect((await get('/robots.txt')).headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await get('/assets/missing-123.js')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).body.toString()).not.toContain('root:');
  });

  it('answers a path that is neither a public page nor a portal path with the not-found page and status 404', async () => {
    for (const path of [
      '/this-page-does-not-exist',
      '/no-such-page/',
      '/dashboard/unknown',
      '/tips/a/b',
      '/404.html',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.toString(), path).toContain('Page not found');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it("answers an unknown tip or story with status 404 and its section's not-found view", async () => {
    for (const path of ['/tips/never-published', '/tips/never-published/']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.toString(), path).toContain('Article Not Found');
      expect(res.body.toString(), path).toContain('Return to Tips');
    }
    const story = await get('/success-stories/nobody');
    expect(story.status).toBe(404);
    expect(story.body.toString()).toContain('Story Not Found');
    expect(story.body.toString()).toContain('Back to Success Stories');
  });

  it('routes what the render published or took down after the build, through the same store the cloud reads', async () => {
    // The render's own adapter: the site folder, and the router store beside it.
    const render = fileSiteStore(dist, routeStore);
    expect((await get('/tips/crate-training')).status).toBe(200);
    expect((await get('/tips/published-later')).status).toBe(404);

    await render.write('tips/published-later/index.html', '<!doctype html><title>Published later</title>', 'text/html');
    await render.routes?.update(new Map([['/tips/published-later', 'page']]));
    const published = await get('/tips/published-later');
    expect(published.status).toBe(200);
    expect(published.body.toString()).toContain('Published later');

    // A built-in tip deleted: gone from the store, even though its build file is there (a deploy puts it back).
    await render.routes?.update(new Map([['/tips/crate-training', 'gone']]));
    const deleted = await get('/tips/crate-training');
    expect(deleted.status).toBe(404);
    expect(deleted.body.toString()).toContain('Article Not Found');
  });

  it('caches hashed assets for a year, compresses text and answers 304 to a matching ETag', async () => {
    const plain = await get('/assets/app-3f2a1b.js');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
    const gz = await get('/assets/app-3f2a1b.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(js);
    const br = await get('/assets/app-3f2a1b.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(js.length / 10);
    const again = await get('/assets/app-3f2a1b.js', { 'if-none-match': String(plain.headers.etag) });
    expect(again.status).toBe(304);
    expect(plain.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
