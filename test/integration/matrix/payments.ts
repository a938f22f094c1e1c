import { randomBytes } from 'node:crypto';
import { api } from '../../support/api.js';
import { ADMIN_ONLY, type Expectations, type MatrixUsers } from './types.js';

const CLIENT_OK = { anonymous: 401, clientA: 200, clientB: 200, admin: 403 } as const;

export const matrixCode = () => `MX${randomBytes(5).toString('hex').toUpperCase()}`;

/** A new discount code of the admin; returns its id and code. */
export async function discountCodeOf(users: MatrixUsers, over: Record<string, unknown> = {}) {
  const code = matrixCode();
  const res = await api('POST', '/api/discount-codes', {
    token: users.admin.idToken,
    body: { code, discountType: 'percentage', discountValue: 10, ...over },
  });
  if (res.status !== 201) throw new Error(`discount code: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id as string, code };
}

/** Discount codes are the trainer's; a client only checks one at payment. */
export const paymentsExpectations: Expectations = {
  'GET /api/discount-codes': { request: () => ({ path: '/api/discount-codes?limit=5' }), status: ADMIN_ONLY },
  'POST /api/discount-codes': {
    request: () => ({
      path: '/api/discount-codes',
      body: { code: matrixCode(), discountType: 'fixed_amount', discountValue: 5 },
    }),
    status: { ...ADMIN_ONLY, admin: 201 },
  },
  'PATCH /api/discount-codes/{id}': {
    request: async (users) => ({
      path: `/api/discount-codes/${(await discountCodeOf(users)).id}`,
      body: { isActive: false },
    }),
    status: ADMIN_ONLY,
  },
  'DELETE /api/discount-codes/{id}': {
    request: async (users) => ({ path: `/api/discount-codes/${(await discountCodeOf(users)).id}` }),
    status: { ...ADMIN_ONLY, admin: 204 },
  },
  'GET /api/payments/discount': {
    request: async (users) => ({ path: `/api/payments/discount?code=${(await discountCodeOf(users)).code}` }),
    status: CLIENT_OK,
  },
};
