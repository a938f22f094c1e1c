import { type ClassOfferExpiredDetail, expireClassOffer } from '../../shared/domain/class-offers.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * A class seat offer's hold ended (its one-off schedule fired): an offer still open passes to the next on
 * the waitlist, or frees the seat. Idempotent: an offer taken, declined or passed on meanwhile is left as it is.
 */
export const handler = eventHandler<ClassOfferExpiredDetail>('events/expire-class-offer', async (event) => {
  const outcome = await expireClassOffer(event.detail);
  logger.info(`Class seat offer expiry: ${outcome}`, { enrolmentId: event.detail.enrolmentId });
});
