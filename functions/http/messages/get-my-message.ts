import { messagePathParams } from '../../../shared/contracts/messages.js';
import { getInboxMessage, toInboxMessage } from '../../../shared/domain/messages.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/messages/{id} (signed-in): one of the caller's delivered messages (404 for anyone else's). */
export const handler = clientHttpHandler({ params: messagePathParams }, async ({ actor, params }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: toInboxMessage(await getInboxMessage(actor.profile.id, params.id)) };
});
