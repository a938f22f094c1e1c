import { notePathParams } from '../../../shared/contracts/clients.js';
import { deleteClientNote } from '../../../shared/domain/client-notes.js';
import { httpHandler } from '../../lib/http.js';

/** DELETE /api/notes/{noteId} (admin). */
export const handler = httpHandler({ params: notePathParams }, async ({ params }) => {
  await deleteClientNote(params.noteId);
  return { status: 204 };
});
