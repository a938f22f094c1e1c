import { ADMIN_ONLY, type Expectations } from './types.js';

/** Session credits: a client reads only their own (no id in the path), the trainer any client's. */
export const creditsExpectations: Expectations = {
  'GET /api/me/credits': {
    request: () => ({ path: '/api/me/credits' }),
    status: { anonymous: 401, clientA: 200, clientB: 200, admin: 403 },
  },
  'GET /api/clients/{id}/credits': {
    request: (users) => ({ path: `/api/clients/${users.clientA.profileId}/credits` }),
    status: ADMIN_ONLY,
  },
};
