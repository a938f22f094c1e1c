import { randomUUID } from 'node:crypto';
import { api, createTestUser } from '../../support/api.js';
import { ADMIN_ONLY, type Caller, type Expectations, type MatrixUsers } from './types.js';

/**
 * The client a call acts on: the admin deletes or deactivates a fresh client of its own (client A
 * must stay usable for the other routes); everyone else is refused before anything is read.
 */
async function target(users: MatrixUsers, caller: Caller): Promise<string> {
  if (caller !== 'admin') return users.clientA.profileId;
  return (await createTestUser('client')).profileId;
}

/** A client who has not signed up yet (created by the trainer without an invitation), for the admin's call. */
async function invitable(users: MatrixUsers, caller: Caller): Promise<string> {
  if (caller !== 'admin') return users.clientA.profileId;
  const res = await api('POST', '/api/clients', {
    token: users.admin.idToken,
    body: {
      firstName: 'Matrix',
      lastName: 'Invitee',
      email: `matrix-invitee-${randomUUID().slice(0, 12)}@example.com`,
      sendInvitation: false,
    },
  });
  return res.body.client.id;
}

/** Client book routes (clients, dashboard). */
export const clientsExpectations: Expectations = {
  'GET /api/clients': {
    request: () => ({ path: '/api/clients?filter=all&limit=5' }),
    status: ADMIN_ONLY,
  },
  'POST /api/clients': {
    request: () => ({
      path: '/api/clients',
      body: {
        firstName: 'Matrix',
        lastName: 'Client',
        email: `matrix-client-${randomUUID().slice(0, 12)}@example.com`,
        sendInvitation: false,
      },
    }),
    status: { ...ADMIN_ONLY, admin: 201 },
  },
  'GET /api/clients/{id}': {
    request: (users) => ({ path: `/api/clients/${users.clientA.profileId}` }),
    status: ADMIN_ONLY,
  },
  'PATCH /api/clients/{id}': {
    request: (users) => ({
      path: `/api/clients/${users.clientB.profileId}`,
      body: { firstName: 'Test Client', lastName: 'Tester', phone: '941-555-0102' },
    }),
    status: ADMIN_ONLY,
  },
  'DELETE /api/clients/{id}': {
    request: async (users, caller) => ({ path: `/api/clients/${await target(users, caller)}` }),
    status: { ...ADMIN_ONLY, admin: 204 },
  },
  'POST /api/clients/{id}/deactivate': {
    request: async (users, caller) => ({ path: `/api/clients/${await target(users, caller)}/deactivate` }),
    status: ADMIN_ONLY,
  },
  'POST /api/clients/{id}/invitation': {
    request: async (users, caller) => ({ path: `/api/clients/${await invitable(users, caller)}/invitation` }),
    status: { ...ADMIN_ONLY, admin: 201 },
  },
  'POST /api/clients/{id}/reactivate': {
    request: async (users, caller) => ({ path: `/api/clients/${await target(users, caller)}/reactivate` }),
    status: ADMIN_ONLY,
  },
};
