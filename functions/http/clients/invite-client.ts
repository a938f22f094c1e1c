import { inviteClient } from '../../../shared/domain/client-accounts.js';
import { getClient } from '../../../shared/domain/clients.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';
import { clientIdParams } from './params.js';

/**
 * POST /api/clients/{id}/invitation (admin): a new signup invitation for a client who has not signed
 * up yet (the first one expired, or the client was created without one); its link is returned and e-mailed.
 */
export const handler = httpHandler({ params: clientIdParams }, async ({ params, actor, event }) => {
  if (!actor) throw new Error('unreachable: admin route without actor');
  const client = await getClient(params.id);
  const { invitationLink } = await inviteClient(client, { createdBy: actor.profile.id, origin: siteOrigin(event) });
  return { status: 201, body: { invitationLink } };
});
