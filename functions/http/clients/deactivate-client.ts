import { deactivateClient } from '../../../shared/domain/clients.js';
import { toAdminView } from '../../../shared/domain/profiles.js';
import { httpHandler } from '../../lib/http.js';
import { clientIdParams } from './params.js';

/** POST /api/clients/{id}/deactivate (admin): the client can no longer use the portal. */
export const handler = httpHandler({ params: clientIdParams }, async ({ params }) => {
  const client = await deactivateClient(params.id);
  return { body: { client: toAdminView(client) } };
});
