import { discountCodePathParams } from '../../../shared/contracts/payments.js';
import { deleteDiscountCode } from '../../../shared/domain/discount-codes.js';
import { httpHandler } from '../../lib/http.js';

/** DELETE /api/discount-codes/{id} (admin): the code is gone and its name free again. */
export const handler = httpHandler({ params: discountCodePathParams }, async ({ params }) => {
  await deleteDiscountCode(params.id);
  return { status: 204 };
});
