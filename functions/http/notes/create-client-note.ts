import { clientPathParams, noteRequest } from '../../../shared/contracts/clients.js';
import { createClientNote } from '../../../shared/domain/client-notes.js';
import { httpHandler } from '../../lib/http.js';

/** POST /api/clients/{id}/notes (admin): a note about a client, signed with the admin's e-mail. */
export const handler = httpHandler({ params: clientPathParams, body: noteRequest }, async ({ actor, params, body }) => {
  if (!actor) throw new Error('unreachable: admin route without actor');
  return { status: 201, body: { note: await createClientNote(params.id, actor.profile, body) } };
});
