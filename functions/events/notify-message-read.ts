import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { MessageReadDetail, MessageReadNotice } from '../../shared/contracts/messages.js';
import { listConnectionIdsByProfile, listConnectionIdsByRole } from '../../shared/domain/connections.js';
import { eventHandler } from '../lib/event.js';

/** A read receipt: the trainer's lists show it live; the reader's other tabs lower their unread count. */
export const handler = eventHandler<MessageReadDetail>('events/notify-message-read', async (event) => {
  const [admins, own] = await Promise.all([
    listConnectionIdsByRole('admin'),
    listConnectionIdsByProfile(event.detail.recipientId),
  ]);
  const notice: MessageReadNotice = { type: 'message.read', ...event.detail };
  await pushToConnections([...new Set([...admins, ...own])], notice);
});
