import { paymentTotalsQuery } from '../../../shared/contracts/payments.js';
import { readMonthTotals } from '../../../shared/domain/payment-totals.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/payments/totals (admin): the paid amount and count of each of the latest months, newest first. */
export const handler = httpHandler({ query: paymentTotalsQuery }, async ({ query }) => ({
  body: await readMonthTotals(query.months ?? 12),
}));
