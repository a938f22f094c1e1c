import { getClient } from '../../../shared/domain/clients.js';
import { toAdminView } from '../../../shared/domain/profiles.js';
import { listRecentClientSessions } from '../../../shared/domain/session-lists.js';
import { toAdminSessionViews } from '../../../shared/domain/sessions.js';
import { httpHandler } from '../../lib/http.js';
import { clientIdParams } from './params.js';

/**
 * GET /api/clients/{id} (admin): the client's profile as the trainer sees it, with their last 10
 * sessions newest first; dogs and notes have routes of their own.
 */
export const handler = httpHandler({ params: clientIdParams }, async ({ params }) => {
  const client = await getClient(params.id);
  const sessions = await toAdminSessionViews(await listRecentClientSessions(client.id));
  return { body: { client: toAdminView(client), sessions } };
});
