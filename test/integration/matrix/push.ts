import { newDevice } from '../../support/push-kit.js';
import type { Expectations } from './types.js';

const SIGNED_IN_OK = { anonymous: 401, clientA: 200, clientB: 200, admin: 200 } as const;

/**
 * Push subscriptions (ADR 0055): each signed-in person lists, subscribes and removes only their own
 * devices; nothing names another person (a removal of someone else's id changes nothing, 204).
 */
export const pushExpectations: Expectations = {
  'GET /api/me/push-subscriptions': { request: () => ({ path: '/api/me/push-subscriptions' }), status: SIGNED_IN_OK },
  'PUT /api/me/push-subscriptions': {
    request: async () => ({ path: '/api/me/push-subscriptions', body: await newDevice() }),
    status: SIGNED_IN_OK,
  },
  'DELETE /api/me/push-subscriptions/{id}': {
    request: () => ({ path: `/api/me/push-subscriptions/${'A'.repeat(43)}` }),
    status: { anonymous: 401, clientA: 204, clientB: 204, admin: 204 },
  },
};
