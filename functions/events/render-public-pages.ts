import { invalidateCdn } from '../../shared/adapters/cdn.js';
import { publicSectionParams } from '../../shared/contracts/content.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/** What `WebsiteContentChanged` carries: the section whose published content changed (ids only). */
export interface WebsiteContentChangedDetail {
  section: string;
}

/**
 * Published website content changed: the section's public pages must follow. The pages read the
 * section's content at run time (`GET /api/public/content/{section}`, cached by CloudFront), so this
 * invalidates that path. The distribution comes from `SITE_DISTRIBUTION_ID`; without it (a stack that does
 * not set it) the cached answer follows within the cache's TTL (at most 10 minutes). Locally the runtime's
 * transport records the path. A section the public site does not read changes nothing.
 */
export const handler = eventHandler<WebsiteContentChangedDetail>('events/render-public-pages', async (event) => {
  const parsed = publicSectionParams.safeParse({ section: event.detail.section });
  if (!parsed.success) {
    logger.info('Website content changed outside the public sections: nothing to refresh', {
      section: String(event.detail.section).slice(0, 50),
    });
    return;
  }
  const paths = [`/api/public/content/${parsed.data.section}`];
  const distributionId = process.env.SITE_DISTRIBUTION_ID || undefined;
  try {
    await invalidateCdn(paths, distributionId);
  } catch (e) {
    if (distributionId) throw e;
    logger.warn('No distribution id: the cached public content follows within its TTL', { paths });
    return;
  }
  logger.info('Public content paths invalidated', { paths });
});
