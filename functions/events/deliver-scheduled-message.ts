import type { MessageDueDetail } from '../../shared/contracts/messages.js';
import { deliverScheduledMessage } from '../../shared/domain/messages.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * A scheduled message's send time came (its one-off schedule fired): deliver it. Idempotent: a
 * second firing, or one for an edited or deleted message, changes nothing.
 */
export const handler = eventHandler<MessageDueDetail>('events/deliver-scheduled-message', async (event) => {
  const delivered = await deliverScheduledMessage(event.detail);
  logger.info(delivered ? 'Scheduled message delivered' : 'Scheduled message already delivered, moved or gone', {
    messageId: event.detail.messageId,
  });
});
