import { listMyConversationsQuery } from '../../../shared/contracts/conversations.js';
import { listClientConversations } from '../../../shared/domain/conversation-lists.js';
import { toSummary } from '../../../shared/domain/conversations.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/me/conversations (client): the caller's conversations with the trainer, newest first. */
export const handler = clientHttpHandler({ query: listMyConversationsQuery }, async ({ actor, query, cursor }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  const page = await listClientConversations(actor.profile.id, { ...query, cursor });
  return { body: { items: page.items.map((c) => toSummary(c, 'client')), cursor: page.cursor } };
});
