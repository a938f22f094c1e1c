import { listPaymentsQuery } from '../../../shared/contracts/payments.js';
import { listPayments } from '../../../shared/domain/payment-ledger.js';
import { httpHandler } from '../../lib/http.js';

/**
 * GET /api/payments (admin): every payment newest first with its payer, filtered by status, service,
 * client and a month or date range, a page at a time.
 */
export const handler = httpHandler({ query: listPaymentsQuery }, async ({ query, cursor }) => {
  const page = await listPayments({ ...query, cursor });
  return { body: { items: page.items, cursor: page.cursor } };
});
