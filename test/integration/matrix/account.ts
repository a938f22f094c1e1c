import type { Expectations } from './types.js';

const SIGNED_IN_OK = { anonymous: 401, clientA: 200, clientB: 200, admin: 200 } as const;

/**
 * The signed-in person's own data. DELETE /api/me is sent with an e-mail that is not the caller's,
 * so a client gets past the access check (400, the confirmation) without deleting the matrix's
 * users; test/integration/account.test.ts covers the deletion itself.
 */
export const accountExpectations: Expectations = {
  'GET /api/me/messages': { request: () => ({ path: '/api/me/messages?limit=3' }), status: SIGNED_IN_OK },
  'GET /api/me/export': { request: () => ({ path: '/api/me/export' }), status: SIGNED_IN_OK },
  'DELETE /api/me': {
    request: () => ({ path: '/api/me', body: { confirmEmail: 'someone-else@example.com' } }),
    status: { anonymous: 401, clientA: 400, clientB: 400, admin: 403 },
  },
};
