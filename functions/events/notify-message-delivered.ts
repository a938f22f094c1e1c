import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { MessageDeliveredDetail, MessageDeliveredNotice } from '../../shared/contracts/messages.js';
import { listConnectionIdsByProfile } from '../../shared/domain/connections.js';
import { getInboxMessage, toInboxMessage, unreadCount } from '../../shared/domain/messages.js';
import { messagePushNotice, pushToPerson } from '../../shared/domain/push-notices.js';
import { isAppError } from '../../shared/errors.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * A newly delivered message reaches its recipient (and nobody else): their open tabs live, and the
 * devices they turned push notifications on for, once per message, opening the screen it is about (ADR 0055).
 */
export const handler = eventHandler<MessageDeliveredDetail>('events/notify-message-delivered', async (event) => {
  const { messageId, recipientId } = event.detail;
  const message = await getInboxMessage(recipientId, messageId).catch((e: unknown) => {
    // Deleted (with its recipient) before the notice went out: nobody is left to tell.
    if (isAppError(e) && e.code === 'NOT_FOUND') return undefined;
    throw e;
  });
  if (!message) return;
  const pushed = await pushToPerson(recipientId, `message:${messageId}`, messagePushNotice(message));
  logger.info('Message push notices', { ...pushed });
  const ids = await listConnectionIdsByProfile(recipientId);
  if (ids.length === 0) return;
  const notice: MessageDeliveredNotice = {
    type: 'message.delivered',
    message: toInboxMessage(message),
    unreadCount: await unreadCount(recipientId),
  };
  const delivered = await pushToConnections(ids, notice);
  logger.info('Message notice pushed', { connections: ids.length, delivered });
});
