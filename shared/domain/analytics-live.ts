import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { pushToConnections } from '../adapters/realtime.js';
import type { ActiveVisitorsNotice } from '../contracts/analytics.js';
import { countQuery, store } from '../db/service.js';
import { VISITOR_SHARDS } from './analytics.js';
import { listConnectionIdsByRole } from './connections.js';

/** A visitor with a page view in the last 5 minutes is active now. */
export const ACTIVE_WINDOW_MS = 5 * 60 * 1000;

/** Visitors whose last page view is within the window: one COUNT query per partition of the index. */
export async function countActiveVisitors(now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - ACTIVE_WINDOW_MS).toISOString();
  const counts = await Promise.all(
    Array.from({ length: VISITOR_SHARDS }, (_, shard) =>
      countQuery(
        store()
          .entities.analyticsVisitor.query.byLastView({ shard: String(shard) })
          .gte({ lastAt: since })
          .params() as QueryCommandInput,
      ),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** Sends the active visitors now to every connected trainer tab (nothing when none is open). */
export async function pushActiveVisitors(now = new Date()): Promise<void> {
  const admins = await listConnectionIdsByRole('admin');
  if (admins.length === 0) return;
  const notice: ActiveVisitorsNotice = { type: 'analytics.active', activeUsers: await countActiveVisitors(now) };
  await pushToConnections(admins, notice);
}
