import { store } from '../db/service.js';
import { AppError } from '../errors.js';

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/**
 * Counts one request in a fixed window for `key` and throws RATE_LIMITED past `max`.
 * One conditional UpdateItem: atomic under concurrency, and the row expires by TTL.
 */
export async function hitRateLimit(key: string, max: number, windowSeconds: number, now = Date.now()) {
  const windowStart = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  try {
    await store()
      .entities.rateLimit.upsert({ bucket: key, window: windowStart, expiresAt: windowStart + windowSeconds * 2 })
      .add({ count: 1 })
      .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, max)}`)
      .go();
  } catch (e) {
    if (
      (e as { cause?: { name?: string } }).cause?.name === 'ConditionalCheckFailedException' ||
      /conditional/i.test(String(e))
    ) {
      throw new AppError('RATE_LIMITED', RATE_LIMIT_MESSAGE);
    }
    throw e;
  }
}

/** Every window's counter of `key` (for deleting them): one query of the key's partition. */
export async function rateLimitCounters(key: string): Promise<{ bucket: string; window: number }[]> {
  const { data } = await store().entities.rateLimit.query.byBucket({ bucket: key }).go({ pages: 'all' });
  return data.map(({ bucket, window }) => ({ bucket, window }));
}
