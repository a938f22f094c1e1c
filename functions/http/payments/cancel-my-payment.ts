import { cancelPaymentRequest, paymentPathParams } from '../../../shared/contracts/payments.js';
import { cancelMyPayment } from '../../../shared/domain/payments.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** POST /api/me/payments/{id}/cancel (client): the payer left the checkout; it expires and a held discount use is given back. */
export const handler = clientHttpHandler(
  { params: paymentPathParams, body: cancelPaymentRequest },
  async ({ actor, params }) => {
    if (!actor) throw new Error('unreachable: client route without actor');
    return { body: await cancelMyPayment(actor.profile.id, params.id) };
  },
);
