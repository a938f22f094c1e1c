import { api } from '../../support/api.js';
import { ADMIN_ONLY, type Expectations, type MatrixUsers } from './types.js';

const SIGNED_IN_OK = { anonymous: 401, clientA: 200, clientB: 200, admin: 200 } as const;
const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

/** A message from the admin to client A, sent now or scheduled; returns its id. */
async function messageToA(users: MatrixUsers, scheduled = false): Promise<string> {
  const res = await api('POST', '/api/messages', {
    token: users.admin.idToken,
    body: {
      recipientIds: [users.clientA.profileId],
      subject: 'Matrix message',
      content: 'For client A only',
      ...(scheduled ? { scheduledFor: inAnHour() } : {}),
    },
  });
  if (res.status !== 201) throw new Error(`compose: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.messageIds[0];
}

async function template(users: MatrixUsers): Promise<string> {
  const res = await api('POST', '/api/templates', {
    token: users.admin.idToken,
    body: { name: `Matrix ${Date.now()}`, subject: 'S', content: 'C' },
  });
  if (res.status !== 201) throw new Error(`template: ${res.status}`);
  return res.body.id;
}

/**
 * Messages and templates: only the trainer composes, lists, edits and deletes; a client reads and
 * marks only their own delivered messages (another client's, or a scheduled one, is not found).
 */
export const messagesExpectations: Expectations = {
  'GET /api/me/messages/unread-count': {
    request: () => ({ path: '/api/me/messages/unread-count' }),
    status: SIGNED_IN_OK,
  },
  'GET /api/me/messages/{id}': {
    request: async (users) => ({ path: `/api/me/messages/${await messageToA(users)}` }),
    status: { anonymous: 401, clientA: 200, clientB: 404, admin: 404 },
  },
  'POST /api/me/messages/{id}/read': {
    request: async (users) => ({ path: `/api/me/messages/${await messageToA(users)}/read` }),
    status: { anonymous: 401, clientA: 200, clientB: 404, admin: 403 },
  },
  'POST /api/messages': {
    request: (users) => ({
      path: '/api/messages',
      body: { recipientIds: [users.clientA.profileId], subject: 'Matrix compose', content: 'Hello {client_name}' },
    }),
    status: { ...ADMIN_ONLY, admin: 201 },
  },
  'GET /api/messages': { request: () => ({ path: '/api/messages?limit=5' }), status: ADMIN_ONLY },
  'GET /api/messages/scheduled': { request: () => ({ path: '/api/messages/scheduled?limit=5' }), status: ADMIN_ONLY },
  'GET /api/messages/{id}': {
    request: async (users) => ({ path: `/api/messages/${await messageToA(users)}` }),
    status: ADMIN_ONLY,
  },
  'PATCH /api/messages/{id}': {
    request: async (users) => ({
      path: `/api/messages/${await messageToA(users, true)}`,
      body: { subject: 'Moved' },
    }),
    status: ADMIN_ONLY,
  },
  'DELETE /api/messages/{id}': {
    request: async (users) => ({ path: `/api/messages/${await messageToA(users, true)}` }),
    status: { ...ADMIN_ONLY, admin: 204 },
  },
  'GET /api/templates': { request: () => ({ path: '/api/templates' }), status: ADMIN_ONLY },
  'POST /api/templates': {
    request: () => ({ path: '/api/templates', body: { name: 'Matrix', subject: 'S', content: 'C' } }),
    status: { ...ADMIN_ONLY, admin: 201 },
  },
  'PUT /api/templates/{id}': {
    request: async (users) => ({
      path: `/api/templates/${await template(users)}`,
      body: { name: 'Matrix edited', subject: 'S2', content: 'C2', templateType: 'homework', isActive: true },
    }),
    status: ADMIN_ONLY,
  },
  'PATCH /api/templates/{id}': {
    request: async (users) => ({ path: `/api/templates/${await template(users)}`, body: { isActive: false } }),
    status: ADMIN_ONLY,
  },
  'DELETE /api/templates/{id}': {
    request: async (users) => ({ path: `/api/templates/${await template(users)}` }),
    status: { ...ADMIN_ONLY, admin: 204 },
  },
};
