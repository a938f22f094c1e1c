import { paymentPathParams } from '../../../shared/contracts/payments.js';
import { getMyPayment } from '../../../shared/domain/payment-records.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/payments/{id} (client): one of the caller's payments as stored (the return page). */
export const handler = clientHttpHandler({ params: paymentPathParams }, async ({ actor, params }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  return { body: await getMyPayment(actor.profile.id, params.id) };
});
