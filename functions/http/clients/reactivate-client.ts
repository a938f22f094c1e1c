import { reactivateClient } from '../../../shared/domain/clients.js';
import { toAdminView } from '../../../shared/domain/profiles.js';
import { httpHandler } from '../../lib/http.js';
import { clientIdParams } from './params.js';

/** POST /api/clients/{id}/reactivate (admin): a deactivated client is back in Client Management. */
export const handler = httpHandler({ params: clientIdParams }, async ({ params }) => {
  const client = await reactivateClient(params.id);
  return { body: { client: toAdminView(client) } };
});
