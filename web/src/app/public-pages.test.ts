import { describe, expect, it } from 'vitest';
import { BUILTIN_STORIES } from '#shared/content/builtin-stories';
import { BUILTIN_TIPS } from '#shared/content/builtin-tips';
import { PORTAL_PATH_PREFIXES } from './portal-paths';
import { publicPages, robotsTxt, sitemapXml } from './public-pages';
import { isNotFoundPath } from './routes';

describe('prerendered public pages', () => {
  it('include every static public route, each built-in tip and each built-in story', () => {
    const paths = publicPages().map((p) => p.path);
    for (const p of ['/', '/about', '/programs', '/tips', '/success-stories', '/contact']) expect(paths).toContain(p);
    for (const t of BUILTIN_TIPS) expect(paths).toContain(`/tips/${t.id}`);
    for (const s of BUILTIN_STORIES) expect(paths).toContain(`/success-stories/${s.slug}`);
    for (const p of publicPages()) {
      expect(isNotFoundPath(p.path)).toBe(false);
      expect(p.file).toBe(p.path === '/' ? 'index.html' : `${p.path.slice(1)}/index.html`);
      // The site router serves any path with a dot in its last segment as a file.
      expect(p.path.split('/').pop()).not.toContain('.');
    }
  });

  it('sitemap.xml lists them with absolute URLs when the site URL is known', () => {
    const xml = sitemapXml('https://pawsitive.example/');
    expect(xml).toContain('<loc>https://pawsitive.example/</loc>');
    expect(xml).toContain(`<loc>https://pawsitive.example/tips/${BUILTIN_TIPS[0].id}</loc>`);
    expect(xml).toContain(`<lastmod>${BUILTIN_TIPS[0].publishDate}</lastmod>`);
    expect(xml).toContain(`<loc>https://pawsitive.example/success-stories/${BUILTIN_STORIES[3].slug}</loc>`);
    expect(xml.match(/<url>/g)).toHaveLength(publicPages().length);
  });

  it('robots.txt closes the portal and points at the sitemap', () => {
    expect(PORTAL_PATH_PREFIXES).toEqual(expect.arrayContaining(['/dashboard', '/login', '/signup', '/admin']));
    expect(PORTAL_PATH_PREFIXES).not.toContain('/tips');
    const txt = robotsTxt('https://pawsitive.example');
    expect(txt).toContain('Disallow: /dashboard');
    expect(txt).toContain('Sitemap: https://pawsitive.example/sitemap.xml');
    expect(robotsTxt('')).not.toMatch(/^Sitemap:/m);
  });
});
