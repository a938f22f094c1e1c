import { deleteClientCompletely } from '../../../shared/domain/cascades.js';
import { httpHandler } from '../../lib/http.js';
import { clientIdParams } from './params.js';

/** DELETE /api/clients/{id} (admin): the client and all their data, permanently. */
export const handler = httpHandler({ params: clientIdParams }, async ({ params }) => {
  await deleteClientCompletely(params.id);
  return { status: 204 };
});
