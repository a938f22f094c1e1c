import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { SESSION_STATUSES } from '../contracts/session-options.js';
import { countQuery, store } from '../db/service.js';
import { monthsOf } from './analytics-aggregates.js';
import { backfillBusyDays } from './busy-days.js';
import { backfillConversationSearchWords } from './conversation-search.js';
import { COUNTERS } from './counters.js';
import { backfillMessageSearchWords } from './messages.js';

/**
 * Items a newer version keeps in every write but older data lacks, made once per table: at the local
 * runtime's start and by the cloud's seeding custom resource (infra/cloud/content-seed.ts, whose
 * version includes this list so a deploy that adds one runs it). Each backfill's marker setting
 * (`backfill#<name>`) is written after it ran, so a backfill runs again only if it failed.
 */
export const BACKFILLS = {
  /** The calendar's busy days (docs/decisions/0035-busy-days.md). */
  busyDays: () => backfillBusyDays(),
  /** The sessions' per-status counters (the analytics screen's Sessions by status). */
  sessionStatusCounters: backfillSessionStatusCounters,
  /** Every word of the messages stored when their search index held at most 40. */
  messageSearchWords: () => backfillMessageSearchWords(),
  /** The search words of the conversations' posts written before conversation search (ADR 0066). */
  conversationSearchWords: () => backfillConversationSearchWords(),
  /** The flag saying analytics counted a page view (the analytics screen's "being set up" notice). */
  analyticsRecorded: backfillAnalyticsRecorded,
} as const;

export type BackfillName = keyof typeof BACKFILLS;

const markerOf = (name: BackfillName) => `backfill#${name}`;

/** Runs each backfill this table has not had; what each one did (undefined: it had run before). */
export async function runBackfillsOnce(): Promise<Partial<Record<BackfillName, number | undefined>>> {
  const s = store().entities;
  const out: Partial<Record<BackfillName, number | undefined>> = {};
  for (const name of Object.keys(BACKFILLS) as BackfillName[]) {
    const { data } = await s.setting.get({ key: markerOf(name) }).go({ consistent: true });
    if (data) {
      out[name] = undefined;
      continue;
    }
    out[name] = await BACKFILLS[name]();
    await s.setting.put({ key: markerOf(name) }).go();
  }
  return out;
}

/**
 * Each status's session counter set to a COUNT query on the status index. Writes made before the query
 * are in it, whether or not they counted themselves; only one in the instant between the query and the
 * put is lost, which is why it runs once, at the deploy or the local start. Returns the statuses set.
 */
async function backfillSessionStatusCounters(): Promise<number> {
  const s = store().entities;
  for (const status of SESSION_STATUSES) {
    const value = await countQuery(s.session.query.byStatusEnd({ status }).params() as QueryCommandInput);
    await s.counter.put({ name: COUNTERS.sessionsOfStatus(status), value }).go();
  }
  return SESSION_STATUSES.length;
}

/** How far back the analytics flag's backfill looks for counted days (months; analytics began in 2026). */
const ANALYTICS_LOOKBACK_MONTHS = 36;

/**
 * Sets the analytics flag when any month of the last three years has a counted day (a one-item query
 * per month's partition). Returns 1 when it was set.
 */
async function backfillAnalyticsRecorded(now = new Date()): Promise<number> {
  const s = store().entities;
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - ANALYTICS_LOOKBACK_MONTHS, 1))
    .toISOString()
    .slice(0, 10);
  for (const month of monthsOf(from, to).reverse()) {
    const { data } = await s.analyticsDaily.query.byMonth({ month, dimension: 'site' }).go({ count: 1 });
    if (data.length > 0) {
      await s.counter.put({ name: COUNTERS.analyticsRecorded, value: 1 }).go();
      return 1;
    }
  }
  return 0;
}
