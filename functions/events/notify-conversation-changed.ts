import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { ConversationChangedDetail, ConversationChangedNotice } from '../../shared/contracts/conversations.js';
import { listConnectionIdsByProfile, listConnectionIdsByRole } from '../../shared/domain/connections.js';
import { eventHandler } from '../lib/event.js';

/**
 * A post or a read of a conversation: every admin's open tabs (the inbox, the thread, the navigation's
 * count) and the conversation's own client's (nobody else's) refetch it. The notice names the thread
 * only; each side reads it through its own routes.
 */
export const handler = eventHandler<ConversationChangedDetail>('events/notify-conversation-changed', async (event) => {
  const { threadId, clientId, kind, by } = event.detail;
  const [admins, client] = await Promise.all([listConnectionIdsByRole('admin'), listConnectionIdsByProfile(clientId)]);
  const ids = [...new Set([...admins, ...client])];
  if (ids.length === 0) return;
  const notice: ConversationChangedNotice = { type: 'conversation.changed', threadId, kind, by };
  await pushToConnections(ids, notice);
});
