import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { MessagesChangedNotice } from '../../shared/contracts/messages.js';
import { listConnectionIdsByRole } from '../../shared/domain/connections.js';
import { eventHandler } from '../lib/event.js';

/** Tells every connected admin that the sent or scheduled lists changed. */
export const handler = eventHandler('events/notify-messages-changed', async () => {
  const ids = await listConnectionIdsByRole('admin');
  const notice: MessagesChangedNotice = { type: 'messages.changed' };
  await pushToConnections(ids, notice);
});
