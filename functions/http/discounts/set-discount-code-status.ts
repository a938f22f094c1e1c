import { discountCodePathParams, discountCodeStatusRequest } from '../../../shared/contracts/payments.js';
import { setDiscountCodeStatus } from '../../../shared/domain/discount-codes.js';
import { httpHandler } from '../../lib/http.js';

/** PATCH /api/discount-codes/{id} (admin): activate or deactivate. */
export const handler = httpHandler(
  { params: discountCodePathParams, body: discountCodeStatusRequest },
  async ({ params, body }) => ({ body: await setDiscountCodeStatus(params.id, body.isActive) }),
);
