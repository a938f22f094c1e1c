import { getClient } from '../../../shared/domain/clients.js';
import { toAdminView } from '../../../shared/domain/profiles.js';
import { httpHandler } from '../../lib/http.js';
import { clientIdParams } from './params.js';

/**
 * GET /api/clients/{id} (admin): the client's profile as the trainer sees it. `sessions` (the last 10)
 * stays empty until sessions exist; dogs and notes have routes of their own.
 */
export const handler = httpHandler({ params: clientIdParams }, async ({ params }) => {
  const client = await getClient(params.id);
  return { body: { client: toAdminView(client), sessions: [] } };
});
