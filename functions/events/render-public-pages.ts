import { invalidateCdn } from '../../shared/adapters/cdn.js';
import { siteStore } from '../../shared/adapters/site.js';
import { routeChanges, SITE_ROUTES_FILE, type SiteRoutes } from '../../shared/adapters/site-router-code.js';
import { PUBLIC_SECTIONS } from '../../shared/contracts/content.js';
import { CLASSES_SECTION } from '../../shared/contracts/public-classes.js';
import { readPublicClasses } from '../../shared/domain/public-classes.js';
import { readPublishedSections, recordRenderFailed, recordRenderLive } from '../../shared/domain/website-render.js';
import { renderSite } from '../../web/src/app/render-site.js';
import { MEDIA_URL, type PageSection } from '../../web/src/lib/content/published.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * What `WebsiteContentChanged` carries: the section whose public content changed (outbox, ids only), or
 * `all` after a deploy (the build's pages carry the built-in content: every page is rendered again).
 * Group classes are the section `classes`, with the class that changed (shared/domain/class-pages.ts).
 */
export interface WebsiteContentChangedDetail {
  section: string;
  classId?: string;
}

const PAGE_SECTIONS: readonly string[] = [...PUBLIC_SECTIONS, CLASSES_SECTION];
const isPageSection = (s: string): s is PageSection => PAGE_SECTIONS.includes(s);

/**
 * Publishing or deleting content re-renders the public pages that show its section with the table's
 * published content and the build's own page code (web/src/app/render-site.ts), into the site bucket (the
 * local site folder locally), then invalidates exactly the changed files on the site's distribution. A
 * failed render writes nothing, records the failure for the editor and is rethrown: Lambda retries it, the
 * function's error alarm fires, and the previous pages stay live meanwhile.
 */
export const handler = eventHandler<WebsiteContentChangedDetail>('events/render-public-pages', async (event) => {
  const { section, classId } = event.detail;
  // A section no public page shows (the editor's other sections) changes no page.
  if (section !== 'all' && !isPageSection(section)) return { rendered: [] };
  const recorded: readonly PageSection[] = section === 'all' ? [...PUBLIC_SECTIONS, CLASSES_SECTION] : [section];
  try {
    const { store, distributionId } = await siteStore();
    const [sections, classes] = await Promise.all([readPublishedSections(), readPublicClasses()]);
    const only = section === CLASSES_SECTION && typeof classId === 'string' ? { classId } : undefined;
    const result = await renderSite(store, section, { sections, mediaUrl: MEDIA_URL, classes }, only);
    // The router's store learns which article pages were published or taken down (a new tip is served
    // from its HTML, a deleted one answers its section's 404), before the invalidation, so a visitor who
    // gets the new sitemap finds the page.
    if (store.routes) {
      const routes = JSON.parse((await store.read(SITE_ROUTES_FILE)) ?? '{}') as Partial<SiteRoutes>;
      const changes = routeChanges({ public: routes.public ?? [], portal: [] }, result.rendered, result.removed);
      if (changes.size > 0) await store.routes.update(changes);
    }
    await invalidateCdn(
      result.changedFiles.map((f) => `/${f}`),
      distributionId,
    );
    const at = new Date().toISOString();
    for (const s of recorded) await recordRenderLive(s, at, result.rendered);
    logger.info('Public pages rendered', { section, ...result });
    return { rendered: result.rendered, removed: result.removed };
  } catch (e) {
    const at = new Date().toISOString();
    for (const s of recorded) await recordRenderFailed(s, at, e instanceof Error ? e.message : String(e));
    throw e;
  }
});
