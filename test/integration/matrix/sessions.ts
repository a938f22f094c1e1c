import { insertSessionRecord } from '../../../shared/domain/sessions.js';
import { api } from '../../support/api.js';
import { dogOf } from './dogs-and-notes.js';
import { ADMIN_ONLY, type Expectations, type MatrixUsers } from './types.js';

const CLIENT_OK = { anonymous: 401, clientA: 200, clientB: 200, admin: 403 } as const;

/** A start some days ahead, at a random minute, so sessions of the matrix do not collide. */
const ahead = (days = 3) =>
  new Date(Date.now() + days * 86_400_000 + Math.floor(Math.random() * 600) * 60_000).toISOString();

/** The session form's body for a new dog of client A. */
async function sessionBody(users: MatrixUsers) {
  const dog = await dogOf(users.clientA.profileId, 'Matrix Pup');
  // Other files' sessions share the table and its hours: the matrix is not about clashes.
  return {
    clientId: users.clientA.profileId,
    dogId: dog.id,
    scheduledAt: ahead(),
    sessionType: 'training',
    allowOverlap: true,
  };
}

/** A scheduled session of client A (through the API, as the trainer); returns its id and form body. */
async function sessionOfA(users: MatrixUsers): Promise<{ id: string; body: Record<string, unknown> }> {
  const body = await sessionBody(users);
  const res = await api('POST', '/api/sessions', { token: users.admin.idToken, body });
  if (res.status !== 201) throw new Error(`create session: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.session.id, body };
}

/**
 * Sessions: only the trainer lists, schedules, edits, cancels and deletes them and reads a client's
 * homework options; a client lists only their own and confirms only their own (another client's
 * session is not found; the trainer has no client session list).
 */
export const sessionsExpectations: Expectations = {
  'GET /api/sessions': { request: () => ({ path: '/api/sessions?limit=5' }), status: ADMIN_ONLY },
  'GET /api/sessions/stats': { request: () => ({ path: '/api/sessions/stats' }), status: ADMIN_ONLY },
  'POST /api/sessions': {
    request: async (users) => ({ path: '/api/sessions', body: await sessionBody(users) }),
    status: { ...ADMIN_ONLY, admin: 201 },
  },
  'GET /api/sessions/{id}': {
    request: async (users) => ({ path: `/api/sessions/${(await sessionOfA(users)).id}` }),
    status: ADMIN_ONLY,
  },
  'PUT /api/sessions/{id}': {
    request: async (users) => {
      const { id, body } = await sessionOfA(users);
      return { path: `/api/sessions/${id}`, body: { ...body, scheduledAt: ahead(4), notes: 'Moved' } };
    },
    status: ADMIN_ONLY,
  },
  'POST /api/sessions/{id}/cancel': {
    request: async (users) => ({ path: `/api/sessions/${(await sessionOfA(users)).id}/cancel` }),
    status: ADMIN_ONLY,
  },
  'DELETE /api/sessions/{id}': {
    request: async (users) => ({ path: `/api/sessions/${(await sessionOfA(users)).id}` }),
    status: { ...ADMIN_ONLY, admin: 204 },
  },
  'GET /api/clients/{id}/homework': {
    request: (users) => ({ path: `/api/clients/${users.clientA.profileId}/homework` }),
    status: ADMIN_ONLY,
  },
  'GET /api/me/sessions': { request: () => ({ path: '/api/me/sessions?limit=5' }), status: CLIENT_OK },
  'GET /api/me/sessions/stats': { request: () => ({ path: '/api/me/sessions/stats' }), status: CLIENT_OK },
  'POST /api/me/sessions/{id}/confirm': {
    request: async (users) => {
      // Written directly (no appointment message needed): a future scheduled session of client A.
      const dog = await dogOf(users.clientA.profileId, 'Matrix Confirm');
      const scheduledAt = ahead(5);
      const id = await insertSessionRecord({
        clientId: users.clientA.profileId,
        dogId: dog.id,
        scheduledAt,
        durationMinutes: 60,
        status: 'scheduled',
        clientName: 'Matrix Client',
        dogName: dog.name,
      });
      return { path: `/api/me/sessions/${id}/confirm` };
    },
    status: { anonymous: 401, clientA: 200, clientB: 404, admin: 403 },
  },
};
