import { pageQuery } from '../../../shared/contracts/clients.js';
import { listScheduledMessages } from '../../../shared/domain/message-lists.js';
import { toAdminMessage } from '../../../shared/domain/messages.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/messages/scheduled (admin): messages waiting for their send time, soonest first. */
export const handler = httpHandler({ query: pageQuery }, async ({ query, cursor }) => {
  const page = await listScheduledMessages({ ...query, cursor });
  return { body: { items: page.items.map(toAdminMessage), cursor: page.cursor } };
});
