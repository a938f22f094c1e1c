import { discountCodeRequest } from '../../../shared/contracts/payments.js';
import { createDiscountCode } from '../../../shared/domain/discount-codes.js';
import { httpHandler } from '../../lib/http.js';

/** POST /api/discount-codes (admin): the code is upper-cased and must be new (409 otherwise). */
export const handler = httpHandler({ body: discountCodeRequest }, async ({ actor, body }) => {
  if (!actor) throw new Error('unreachable: admin route without actor');
  return { status: 201, body: await createDiscountCode(actor.profile, body) };
});
