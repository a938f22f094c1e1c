import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { MessagesChangedNotice } from '../../shared/contracts/messages.js';
import { listConnectionIdsByRole } from '../../shared/domain/connections.js';

/** Tells every connected admin that the sent or scheduled lists changed. */
export const handler = async () => {
  const ids = await listConnectionIdsByRole('admin');
  const notice: MessagesChangedNotice = { type: 'messages.changed' };
  await pushToConnections(ids, notice);
};
