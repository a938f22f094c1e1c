import type { Role } from '../db/entities/profile.js';
import { store } from '../db/service.js';

/** API Gateway closes WebSocket connections after 2 hours; the row expires shortly after. */
const CONNECTION_TTL_SECONDS = 2 * 60 * 60 + 300;

export async function saveConnection(c: { connectionId: string; userId: string; profileId: string; role: Role }) {
  await store()
    .entities.connection.put({ ...c, expiresAt: Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS })
    .go();
}

export async function removeConnection(connectionId: string) {
  await store().entities.connection.delete({ connectionId }).go();
}

export async function listConnectionIdsByRole(role: Role): Promise<string[]> {
  const { data } = await store().entities.connection.query.byRole({ role }).go({ pages: 'all' });
  return data.map((c) => c.connectionId);
}

export async function listConnectionIdsByProfile(profileId: string): Promise<string[]> {
  const { data } = await store().entities.connection.query.byProfile({ profileId }).go({ pages: 'all' });
  return data.map((c) => c.connectionId);
}
