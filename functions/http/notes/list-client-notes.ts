import { clientPathParams, pageQuery } from '../../../shared/contracts/clients.js';
import { listClientNotes } from '../../../shared/domain/client-notes.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/clients/{id}/notes (admin): one page of the trainer's notes about a client, newest first. */
export const handler = httpHandler(
  { params: clientPathParams, query: pageQuery },
  async ({ params, query, cursor }) => {
    return { body: await listClientNotes(params.id, { ...query, cursor }) };
  },
);
