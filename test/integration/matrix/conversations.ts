import { api } from '../../support/api.js';
import { ADMIN_ONLY, type Expectations, type MatrixUsers } from './types.js';

const CLIENT_ONLY = { anonymous: 401, clientA: 200, clientB: 200, admin: 403 } as const;
const A_ONLY = (ok: number) => ({ anonymous: 401, clientA: ok, clientB: 404, admin: 403 }) as const;

/**
 * One conversation client A started, shared by the rows that only read or mark it (a client writes
 * at most 30 posts an hour, so the matrix does not start one per caller).
 */
const started = new WeakMap<MatrixUsers, Promise<string>>();
function conversationOfA(users: MatrixUsers): Promise<string> {
  let p = started.get(users);
  if (!p) {
    p = api('POST', '/api/me/conversations', {
      token: users.clientA.idToken,
      body: { subject: 'Matrix question', content: 'For the trainer only' },
    }).then((res) => {
      if (res.status !== 201) throw new Error(`start: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.threadId as string;
    });
    started.set(users, p);
  }
  return p;
}

/** A message from the admin to client A, sent now; returns its id. */
async function messageToA(users: MatrixUsers): Promise<string> {
  const res = await api('POST', '/api/messages', {
    token: users.admin.idToken,
    body: { recipientIds: [users.clientA.profileId], subject: 'Matrix reply to', content: 'Answer me' },
  });
  if (res.status !== 201) throw new Error(`compose: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.messageIds[0];
}

/**
 * Conversations: a client reaches only their own (another client's is not found) and writes only to
 * the trainer; an admin has no client routes here and the inbox is the admin's alone.
 */
export const conversationsExpectations: Expectations = {
  'GET /api/me/conversations': { request: () => ({ path: '/api/me/conversations?limit=5' }), status: CLIENT_ONLY },
  'POST /api/me/conversations': {
    request: () => ({ path: '/api/me/conversations', body: { subject: 'Matrix', content: 'Hello trainer' } }),
    status: { anonymous: 401, clientA: 201, clientB: 201, admin: 403 },
  },
  'GET /api/me/conversations/{threadId}': {
    request: async (users) => ({ path: `/api/me/conversations/${await conversationOfA(users)}` }),
    status: A_ONLY(200),
  },
  'POST /api/me/conversations/{threadId}/posts': {
    request: async (users) => ({
      path: `/api/me/conversations/${await conversationOfA(users)}/posts`,
      body: { content: 'One more thing' },
    }),
    status: A_ONLY(201),
  },
  'POST /api/me/conversations/{threadId}/read': {
    request: async (users) => ({ path: `/api/me/conversations/${await conversationOfA(users)}/read` }),
    status: A_ONLY(200),
  },
  'POST /api/me/messages/{id}/replies': {
    request: async (users) => ({
      path: `/api/me/messages/${await messageToA(users)}/replies`,
      body: { content: 'Thanks!' },
    }),
    status: A_ONLY(201),
  },
  'GET /api/conversations': { request: () => ({ path: '/api/conversations?limit=5' }), status: ADMIN_ONLY },
  'GET /api/conversations/unread-count': {
    request: () => ({ path: '/api/conversations/unread-count' }),
    status: ADMIN_ONLY,
  },
  'GET /api/conversations/{threadId}': {
    request: async (users) => ({ path: `/api/conversations/${await conversationOfA(users)}` }),
    status: ADMIN_ONLY,
  },
  'POST /api/conversations/{threadId}/posts': {
    request: async (users) => ({
      path: `/api/conversations/${await conversationOfA(users)}/posts`,
      body: { content: 'Answer' },
    }),
    status: { ...ADMIN_ONLY, admin: 201 },
  },
  'POST /api/conversations/{threadId}/read': {
    request: async (users) => ({ path: `/api/conversations/${await conversationOfA(users)}/read` }),
    status: ADMIN_ONLY,
  },
};
