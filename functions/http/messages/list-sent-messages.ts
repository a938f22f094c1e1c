import { listSentMessagesQuery } from '../../../shared/contracts/messages.js';
import { listSentMessages } from '../../../shared/domain/message-lists.js';
import { toAdminMessage } from '../../../shared/domain/messages.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/messages (admin): sent messages newest first, with search and filters. */
export const handler = httpHandler({ query: listSentMessagesQuery }, async ({ query, cursor }) => {
  const page = await listSentMessages({ ...query, cursor });
  return { body: { items: page.items.map(toAdminMessage), cursor: page.cursor } };
});
