import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { MessageDeliveredDetail, MessageDeliveredNotice } from '../../shared/contracts/messages.js';
import { listConnectionIdsByProfile } from '../../shared/domain/connections.js';
import { getInboxMessage, toInboxMessage, unreadCount } from '../../shared/domain/messages.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/** Pushes a newly delivered message to its recipient's open tabs (and nobody else's). */
export const handler = eventHandler<MessageDeliveredDetail>('events/notify-message-delivered', async (event) => {
  const { messageId, recipientId } = event.detail;
  const ids = await listConnectionIdsByProfile(recipientId);
  if (ids.length === 0) return;
  const message = await getInboxMessage(recipientId, messageId);
  const notice: MessageDeliveredNotice = {
    type: 'message.delivered',
    message: toInboxMessage(message),
    unreadCount: await unreadCount(recipientId),
  };
  const delivered = await pushToConnections(ids, notice);
  logger.info('Message notice pushed', { connections: ids.length, delivered });
});
