/**
 * Every public page the build writes as static HTML, and the sitemap / robots.txt made from them.
 * Used by web/scripts/prerender.tsx (and tests); never by the app itself, so the built-in tips and
 * stories stay out of the entry bundle.
 */

import { BUILTIN_STORIES } from '../../../shared/content/builtin-stories';
import { BUILTIN_TIPS } from '../../../shared/content/builtin-tips';
import { PORTAL_PATH_PREFIXES } from './portal-paths';
import { PRERENDERED_PAGES } from './routes';

export interface PublicPage {
  /** URL path. */
  path: string;
  /** File under web/dist. */
  file: string;
  /** Last modification (YYYY-MM-DD) for the sitemap, when known. */
  lastmod?: string;
}

const fileFor = (path: string) => (path === '/' ? 'index.html' : `${path.replace(/^\//, '')}/index.html`);

/** The static pages, each built-in tip (/tips/<id>) and each built-in story (/success-stories/<slug>). */
export function publicPages(): PublicPage[] {
  return [
    ...PRERENDERED_PAGES.map((p) => ({ path: p.path, file: p.file })),
    ...BUILTIN_TIPS.map((t) => ({ path: `/tips/${t.id}`, file: fileFor(`/tips/${t.id}`), lastmod: t.publishDate })),
    ...BUILTIN_STORIES.map((s) => ({
      path: `/success-stories/${s.slug}`,
      file: fileFor(`/success-stories/${s.slug}`),
    })),
  ];
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml of the public pages. `siteUrl` (SITE_URL at build) makes the locations absolute. */
export function sitemapXml(siteUrl: string, pages: PublicPage[] = publicPages()): string {
  const base = siteUrl.replace(/\/+$/, '');
  const urls = pages.map((p) => {
    const parts = [`    <loc>${xmlEscape(`${base}${p.path}`)}</loc>`];
    if (p.lastmod) parts.push(`    <lastmod>${p.lastmod}</lastmod>`);
    parts.push(`    <changefreq>${p.path === '/' || p.path === '/tips' ? 'weekly' : 'monthly'}</changefreq>`);
    parts.push(`    <priority>${p.path === '/' ? '1.0' : p.path.split('/').length > 2 ? '0.6' : '0.8'}</priority>`);
    return `  <url>\n${parts.join('\n')}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt: the public site open, the portal's paths closed, and the sitemap. The Sitemap directive
 * needs an absolute URL: without SITE_URL at build it is left as a comment.
 */
export function robotsTxt(siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    ...PORTAL_PATH_PREFIXES.map((p) => `Disallow: ${p}`),
    '',
    /^https?:\/\//.test(base)
      ? `Sitemap: ${base}/sitemap.xml`
      : '# Sitemap: /sitemap.xml (build with SITE_URL=https://your-domain for an absolute Sitemap line)',
    '',
  ].join('\n');
}
