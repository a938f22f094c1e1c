import type { PaymentPaidDetail } from '../../shared/contracts/payment-options.js';
import { enrolPaidClass } from '../../shared/domain/class-checkout.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * A payment was paid: when it paid for a class seat (docs/decisions/0076-paying-for-a-class.md), its
 * credits take the seat offered to the dog or enrol it. Idempotent: a dog already seated or waiting is
 * left as it is; any other payment is not this handler's.
 */
export const handler = eventHandler<PaymentPaidDetail>('events/enrol-paid-class', async (event) => {
  const outcome = await enrolPaidClass(event.detail.paymentId);
  if (outcome !== 'not-a-class') logger.info(`Paid class enrolment: ${outcome}`, { paymentId: event.detail.paymentId });
});
