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

/** A checkout of client A (evaluation); returns the payment's id. */
export async function paymentOfA(users: MatrixUsers): Promise<string> {
  const res = await api('POST', '/api/payments/checkout', {
    token: users.clientA.idToken,
    body: { serviceType: 'evaluation' },
  });
  if (res.status !== 201) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.paymentId;
}

const OWN_PAYMENT = { anonymous: 401, clientA: 200, clientB: 404, admin: 403 } as const;

/**
 * Discount codes are the trainer's; a client checks one at payment, pays, and sees or cancels only their
 * own payments; only the trainer lists every payment, reads the totals and asks whether payments are set up;
 * the provider's webhook is public but refuses anything unsigned.
 */
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
  'POST /api/payments/checkout': {
    request: () => ({ path: '/api/payments/checkout', body: { serviceType: 'single_session', amount: 1 } }),
    status: { ...CLIENT_OK, clientA: 201, clientB: 201 },
  },
  'GET /api/me/payments': { request: () => ({ path: '/api/me/payments?limit=5' }), status: CLIENT_OK },
  'GET /api/me/payments/{id}': {
    request: async (users) => ({ path: `/api/me/payments/${await paymentOfA(users)}` }),
    status: OWN_PAYMENT,
  },
  'POST /api/me/payments/{id}/cancel': {
    request: async (users) => ({ path: `/api/me/payments/${await paymentOfA(users)}/cancel` }),
    status: OWN_PAYMENT,
  },
  'GET /api/payments': {
    request: (users) => ({ path: `/api/payments?limit=5&clientId=${users.clientA.profileId}&status=pending` }),
    status: ADMIN_ONLY,
  },
  'GET /api/payments/totals': { request: () => ({ path: '/api/payments/totals?months=3' }), status: ADMIN_ONLY },
  'GET /api/integrations/payments': { request: () => ({ path: '/api/integrations/payments' }), status: ADMIN_ONLY },
  'POST /api/public/payments/webhook': {
    request: () => ({ path: '/api/public/payments/webhook', body: { type: 'checkout.session.completed' } }),
    status: { anonymous: 400, clientA: 400, clientB: 400, admin: 400 },
  },
};
