import { notePathParams, noteRequest } from '../../../shared/contracts/clients.js';
import { updateClientNote } from '../../../shared/domain/client-notes.js';
import { httpHandler } from '../../lib/http.js';

/** PATCH /api/notes/{noteId} (admin): title, content, type and importance of a note. */
export const handler = httpHandler({ params: notePathParams, body: noteRequest }, async ({ params, body }) => {
  return { body: { note: await updateClientNote(params.noteId, body) } };
});
