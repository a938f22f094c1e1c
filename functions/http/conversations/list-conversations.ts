import { listConversationsQuery } from '../../../shared/contracts/conversations.js';
import { listTrainerConversations } from '../../../shared/domain/conversation-lists.js';
import { toSummary } from '../../../shared/domain/conversations.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/conversations (admin): the inbox of conversations with clients, newest first; unread, one client's. */
export const handler = httpHandler({ query: listConversationsQuery }, async ({ query, cursor }) => {
  const page = await listTrainerConversations({ ...query, cursor });
  return { body: { items: page.items.map((c) => toSummary(c, 'trainer')), cursor: page.cursor } };
});
