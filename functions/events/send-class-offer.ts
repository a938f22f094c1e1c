import { sendClassOffer } from '../../shared/domain/class-offer-notices.js';
import type { ClassSeatOfferedDetail } from '../../shared/domain/class-offers.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * A freed class seat was offered to the first on the waitlist: schedule the offer's expiry, then send the
 * client the portal message (its push notice follows) and the e-mail, once (shared/domain/class-offer-notices.ts).
 */
export const handler = eventHandler<ClassSeatOfferedDetail>('events/send-class-offer', async (event) => {
  const outcome = await sendClassOffer(event.detail);
  logger.info(`Class seat offer: ${outcome}`, { enrolmentId: event.detail.enrolmentId });
});
