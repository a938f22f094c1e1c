import { listDiscountCodesQuery } from '../../../shared/contracts/payments.js';
import { listDiscountCodes } from '../../../shared/domain/discount-codes.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/discount-codes (admin): the codes newest first, with their creator, a page at a time. */
export const handler = httpHandler({ query: listDiscountCodesQuery }, async ({ query, cursor }) => {
  const page = await listDiscountCodes({ limit: query.limit, cursor });
  return { body: { items: page.items, cursor: page.cursor } };
});
