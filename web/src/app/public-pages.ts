/**
 * Every public page the build writes as static HTML, and the sitemap / robots.txt made from them.
 * Used by web/scripts/prerender.tsx (and tests); never by the app itself, so the built-in tips and
 * stories stay out of the entry bundle.
 */

import { BUILTIN_STORIES } from '#shared/content/builtin-stories';
import { BUILTIN_TIPS } from '#shared/content/builtin-tips';
import { mapStories } from '#shared/content/public-content';
import { mapTips } from '#shared/content/tips-content';
import type { PublishedContent } from '../lib/content/published';
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

/** Ids that can be a page's folder name as they are. */
const PAGE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** A class's public page (`/classes/<id>`). */
export const classPagePath = (id: string) => `/classes/${id}`;
export const isClassPage = (path: string) => path.startsWith('/classes/');

/**
 * The static pages, each tip (/tips/<id>) and each story (/success-stories/<id>) of `content`: the
 * published tips (the built-in ones when there are none, SPEC 4), the built-in stories (their slugs are
 * fixed paths) and every published story; each upcoming published class (/classes/<id>). Without content,
 * the built-in tips and stories.
 */
export function publicPages(content?: PublishedContent): PublicPage[] {
  const tipRecords = content?.sections.tips;
  const tips = tipRecords?.length ? mapTips(tipRecords) : BUILTIN_TIPS;
  const storyIds = new Set(BUILTIN_STORIES.map((s) => s.slug));
  for (const s of mapStories(content?.sections.success_stories ?? [], content?.mediaUrl ?? '')) storyIds.add(s.id);
  return [
    ...PRERENDERED_PAGES.map((p) => ({ path: p.path, file: p.file })),
    ...tips
      .filter((t) => PAGE_ID.test(t.id))
      .map((t) => ({ path: `/tips/${t.id}`, file: fileFor(`/tips/${t.id}`), lastmod: t.publishDate.slice(0, 10) })),
    ...[...storyIds]
      .filter((id) => PAGE_ID.test(id))
      .map((id) => ({ path: `/success-stories/${id}`, file: fileFor(`/success-stories/${id}`) })),
    ...(content?.classes?.classes ?? [])
      .filter((c) => PAGE_ID.test(c.id))
      .map((c) => ({ path: classPagePath(c.id), file: fileFor(classPagePath(c.id)) })),
  ];
}

/**
 * Other addresses of article pages, for the site router: a built-in story by its number
 * (`/success-stories/1`) shows its slug's page (SPEC 2: a built-in story by slug or numeric id).
 */
export function pageAliases(): Record<string, string> {
  return Object.fromEntries(BUILTIN_STORIES.map((s) => [`/success-stories/${s.id}`, `/success-stories/${s.slug}`]));
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
