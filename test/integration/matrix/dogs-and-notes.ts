import { createClientNote } from '../../../shared/domain/client-notes.js';
import { createDog } from '../../../shared/domain/dogs.js';
import { api } from '../../support/api.js';
import { ADMIN_ONLY, type Caller, type Expectations, type MatrixUsers } from './types.js';

/** A 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const dogBody = (over: Record<string, unknown> = {}) => ({
  name: 'Biscuit',
  breed: 'Beagle',
  birthDate: '2021-04-10',
  sex: 'female',
  behavioralNotes: 'Pulls on the leash',
  medicalNotes: null,
  trainingGoals: 'Loose-leash walking',
  ...over,
});

/** A dog of `profileId`, written through the domain (faster than the API, same rules). */
export const dogOf = (profileId: string, name = 'Matrix Dog') =>
  createDog(profileId, { name, breed: 'Mixed', birthDate: '2020-01-01' });

/**
 * Uploads `data` the way the browser does: asks for a presigned POST (declaring `contentType` and
 * `declaredSize`), then posts the multipart form straight to the bucket. Answers the object key.
 */
export async function uploadPhoto(
  token: string,
  data: Buffer,
  opts: { contentType?: string; fileName?: string; declaredSize?: number } = {},
): Promise<string> {
  const contentType = opts.contentType ?? 'image/png';
  const res = await api('POST', '/api/uploads/photo', {
    token,
    body: { contentType, size: opts.declaredSize ?? data.length },
  });
  if (res.status !== 201) throw new Error(`presign refused: ${res.status} ${JSON.stringify(res.body)}`);
  const form = new FormData();
  for (const [k, v] of Object.entries(res.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)], { type: contentType }), opts.fileName ?? 'photo.png');
  const up = await fetch(res.body.url, { method: 'POST', body: form });
  if (!up.ok) throw new Error(`upload failed: ${up.status} ${await up.text()}`);
  return res.body.key as string;
}

const tokenOf = (users: MatrixUsers, caller: Caller) => (caller === 'anonymous' ? undefined : users[caller].idToken);

const noteOf = (users: MatrixUsers) =>
  createClientNote(
    users.clientA.profileId,
    { id: users.admin.profileId, email: users.admin.email },
    { title: 'Matrix note', content: 'Only for the trainer', noteType: 'general', isImportant: false },
  );

const noteBody = { title: 'Recall work', content: 'Practise recall daily', noteType: 'training', isImportant: true };

/** Dog, photo and client note routes. */
export const dogsAndNotesExpectations: Expectations = {
  'GET /api/me/dogs': {
    request: () => ({ path: '/api/me/dogs' }),
    status: { anonymous: 401, clientA: 200, clientB: 200, admin: 200 },
  },
  'GET /api/clients/{id}/dogs': {
    request: (u) => ({ path: `/api/clients/${u.clientA.profileId}/dogs` }),
    status: ADMIN_ONLY,
  },
  'POST /api/clients/{id}/dogs': {
    request: (u) => ({ path: `/api/clients/${u.clientA.profileId}/dogs`, body: dogBody() }),
    status: { anonymous: 401, clientA: 403, clientB: 403, admin: 201 },
  },
  'GET /api/dogs/{dogId}': {
    request: async (u) => ({ path: `/api/dogs/${(await dogOf(u.clientA.profileId)).id}` }),
    // Client B asking for client A's dog gets the same answer as for a dog that does not exist.
    status: { anonymous: 401, clientA: 200, clientB: 404, admin: 200 },
  },
  'PATCH /api/dogs/{dogId}': {
    request: async (u) => ({ path: `/api/dogs/${(await dogOf(u.clientA.profileId)).id}`, body: dogBody() }),
    status: ADMIN_ONLY,
  },
  'DELETE /api/dogs/{dogId}': {
    request: async (u) => ({ path: `/api/dogs/${(await dogOf(u.clientA.profileId)).id}` }),
    status: { anonymous: 401, clientA: 403, clientB: 403, admin: 204 },
  },
  'POST /api/uploads/photo': {
    request: () => ({ path: '/api/uploads/photo', body: { contentType: 'image/png', size: PNG_1X1.length } }),
    status: { anonymous: 401, clientA: 201, clientB: 201, admin: 201 },
  },
  'PUT /api/dogs/{dogId}/photo': {
    // Each signed-in caller attaches a real image they uploaded themselves to a dog of client A.
    request: async (u, caller) => {
      const dog = await dogOf(u.clientA.profileId);
      const token = tokenOf(u, caller);
      const key = token ? await uploadPhoto(token, PNG_1X1) : `clients/${u.clientA.userId}/dogs/none.png`;
      return { path: `/api/dogs/${dog.id}/photo`, body: { key } };
    },
    status: { anonymous: 401, clientA: 200, clientB: 404, admin: 200 },
  },
  'DELETE /api/dogs/{dogId}/photo': {
    request: async (u) => ({ path: `/api/dogs/${(await dogOf(u.clientA.profileId)).id}/photo` }),
    status: { anonymous: 401, clientA: 200, clientB: 404, admin: 200 },
  },
  'GET /api/clients/{id}/notes': {
    request: (u) => ({ path: `/api/clients/${u.clientA.profileId}/notes` }),
    status: ADMIN_ONLY,
  },
  'POST /api/clients/{id}/notes': {
    request: (u) => ({ path: `/api/clients/${u.clientA.profileId}/notes`, body: noteBody }),
    status: { anonymous: 401, clientA: 403, clientB: 403, admin: 201 },
  },
  'PATCH /api/notes/{noteId}': {
    request: async (u) => ({ path: `/api/notes/${(await noteOf(u)).id}`, body: noteBody }),
    status: ADMIN_ONLY,
  },
  'DELETE /api/notes/{noteId}': {
    request: async (u) => ({ path: `/api/notes/${(await noteOf(u)).id}` }),
    status: { anonymous: 401, clientA: 403, clientB: 403, admin: 204 },
  },
};
