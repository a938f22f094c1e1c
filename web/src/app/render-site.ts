/**
 * The render on publish (functions/events/render-public-pages.ts): re-renders, with the table's published
 * content, exactly the pages that show a changed section, renders the pages of new tips and stories,
 * deletes those of removed ones, and rewrites the sitemap when the page list changed. Every page is
 * rendered before anything is written: a render that fails leaves the site as it was.
 *
 * Server only: never imported by the app's own modules.
 */
import type { SiteStore } from '#shared/adapters/site';
import type { PageSection, PublishedContent } from '../lib/content/published';
import { classPagePath, isClassPage, publicPages, sitemapXml } from './public-pages';
import { PAGE_INDEX_FILE, RENDER_KIT_FILE, type RenderedPage, type RenderKit, renderPage } from './render-page';

export interface SiteRender {
  /** The URL paths of the pages written (new and re-rendered). */
  rendered: string[];
  /** The URL paths of the pages deleted. */
  removed: string[];
  /** The site files that changed (`programs/index.html`, `sitemap.xml`), for the CDN invalidation. */
  changedFiles: string[];
  /** Every page's URL path after the render. */
  pages: string[];
}

const SITEMAP_FILE = 'sitemap.xml';

async function readJson<T>(store: SiteStore, key: string): Promise<T | undefined> {
  const text = await store.read(key);
  return text === undefined ? undefined : (JSON.parse(text) as T);
}

/** One render at a time in a process: each reads the page index the previous one wrote. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders the pages that show `section` (`all`: every page) with `content` into `store`. `only`, for the
 * classes: of the class pages (`/classes/<id>`), only that class's is rendered again; the others did not change.
 */
export function renderSite(
  store: SiteStore,
  section: PageSection | 'all',
  content: PublishedContent,
  only?: { classId: string },
) {
  const run = queue.then(() => renderNow(store, section, content, only));
  queue = run.catch(() => undefined);
  return run;
}

async function renderNow(
  store: SiteStore,
  section: PageSection | 'all',
  content: PublishedContent,
  only?: { classId: string },
): Promise<SiteRender> {
  const kit = await readJson<RenderKit>(store, RENDER_KIT_FILE);
  if (!kit) throw new Error(`The site has no ${RENDER_KIT_FILE}: deploy a web build first`);
  const before = new Map(((await readJson<RenderedPage[]>(store, PAGE_INDEX_FILE)) ?? []).map((p) => [p.path, p]));
  const pages = publicPages(content);

  const otherClass = (path: string) => only !== undefined && isClassPage(path) && path !== classPagePath(only.classId);
  const toRender = pages.filter((p) => {
    const known = before.get(p.path);
    return !known || section === 'all' || (known.sections.includes(section) && !otherClass(p.path));
  });
  // Everything is rendered first: a failure writes nothing.
  const rendered = new Map<string, { html: string; sections: PageSection[] }>();
  for (const p of toRender) rendered.set(p.path, await renderPage(kit, p.path, p.path, content));

  const changedFiles: string[] = [];
  for (const p of toRender) {
    const page = rendered.get(p.path);
    if (!page) continue;
    await store.write(p.file, page.html, 'text/html; charset=utf-8');
    changedFiles.push(p.file);
  }
  const paths = new Set(pages.map((p) => p.path));
  const removed = [...before.values()].filter((p) => !paths.has(p.path));
  const sitemap = sitemapXml(kit.siteUrl, pages);
  if ((await store.read(SITEMAP_FILE)) !== sitemap) {
    await store.write(SITEMAP_FILE, sitemap, 'application/xml; charset=utf-8');
    changedFiles.push(SITEMAP_FILE);
  }
  const index: RenderedPage[] = pages.map((p) => ({
    path: p.path,
    file: p.file,
    lastmod: p.lastmod,
    sections: rendered.get(p.path)?.sections ?? before.get(p.path)?.sections ?? [],
  }));
  await store.write(PAGE_INDEX_FILE, `${JSON.stringify(index, null, 2)}\n`, 'application/json; charset=utf-8');
  for (const p of removed) {
    await store.remove(p.file);
    changedFiles.push(p.file);
  }
  return {
    rendered: toRender.map((p) => p.path),
    removed: removed.map((p) => p.path),
    changedFiles,
    pages: pages.map((p) => p.path),
  };
}
