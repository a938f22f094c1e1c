import { listInboxQuery } from '../../../shared/contracts/messages.js';
import { listInbox } from '../../../shared/domain/message-lists.js';
import { toInboxMessage } from '../../../shared/domain/messages.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * GET /api/me/messages (signed-in): the caller's own delivered messages, newest first, filtered (all,
 * unread, feedback, homework). Messages go from the trainer to clients, so an admin's inbox is empty.
 */
export const handler = clientHttpHandler({ query: listInboxQuery }, async ({ actor, query, cursor }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  const page = await listInbox(actor.profile.id, { ...query, cursor });
  return { body: { items: page.items.map(toInboxMessage), cursor: page.cursor } };
});
