import { unreadCount } from '../../../shared/domain/messages.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/messages/unread-count (signed-in): how many delivered messages the caller has not opened. */
export const handler = clientHttpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  return { body: { count: await unreadCount(actor.profile.id) } };
});
