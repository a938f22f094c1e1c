import { invalidateCdn, type PublicPathsChangedDetail } from '../../shared/adapters/cdn.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * Invalidates the cached public paths a change made through the product made stale, on the distribution
 * the change's request came through (ADR 0018). Here rather than in the HTTP handler that saved the
 * change, so that handler does not bundle the CloudFront client (ADR 0016); a failure is retried by Lambda
 * and ends in the on-failure queue (the cache's short TTL bounds staleness meanwhile).
 */
export const handler = eventHandler<PublicPathsChangedDetail>('events/invalidate-cdn', async (event) => {
  await invalidateCdn(event.detail.paths, event.detail.distributionId);
  logger.info('CDN paths invalidated', { paths: event.detail.paths });
});
