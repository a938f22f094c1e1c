import { checkDiscountQuery } from '../../../shared/contracts/payments.js';
import { checkDiscountCode } from '../../../shared/domain/discount-codes.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/payments/discount?code= (client): the code's terms when it can be used now, else 400 with the spec's text. */
export const handler = clientHttpHandler({ query: checkDiscountQuery }, async ({ query }) => {
  const { code, discountType, discountValue } = await checkDiscountCode(query.code);
  return { body: { code, discountType, discountValue } };
});
