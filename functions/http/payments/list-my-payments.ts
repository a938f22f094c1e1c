import { listMyPaymentsQuery } from '../../../shared/contracts/payments.js';
import { listMyPayments } from '../../../shared/domain/payment-records.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/payments (client): the caller's payments newest first, a page at a time. */
export const handler = clientHttpHandler({ query: listMyPaymentsQuery }, async ({ actor, query, cursor }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  const page = await listMyPayments(actor.profile.id, { limit: query.limit, cursor });
  return { body: { items: page.items, cursor: page.cursor } };
});
