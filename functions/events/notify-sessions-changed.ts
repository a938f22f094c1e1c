import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { SessionsChangedDetail, SessionsChangedNotice } from '../../shared/contracts/sessions.js';
import { listConnectionIdsByProfile, listConnectionIdsByRole } from '../../shared/domain/connections.js';
import { eventHandler } from '../lib/event.js';

/** Tells every connected admin, and the session's own client (nobody else), that sessions changed. */
export const handler = eventHandler<SessionsChangedDetail>('events/notify-sessions-changed', async (event) => {
  const { sessionId, clientId } = event.detail;
  const [admins, client] = await Promise.all([
    listConnectionIdsByRole('admin'),
    clientId ? listConnectionIdsByProfile(clientId) : Promise.resolve([]),
  ]);
  const ids = [...new Set([...admins, ...client])];
  if (ids.length === 0) return;
  const notice: SessionsChangedNotice = { type: 'sessions.changed', sessionId };
  await pushToConnections(ids, notice);
});
