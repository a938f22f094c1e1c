import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { type ClientSessionStats, MAX_SESSION_MINUTES, type SessionStats } from '../contracts/sessions.js';
import { countQuery, store } from '../db/service.js';
import { businessDay } from './business-calendar.js';
import { COUNTERS, readCounters, readRawCounters } from './counters.js';
import { countSessionsBetween } from './dashboard.js';
import { OPEN } from './sessions.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * The sessions' stat cards (the trainer's and a client's). Apart from shared/domain/sessions.ts, which
 * most handlers reach through the client book, because "today" needs the business day's bounds
 * (business-calendar.ts and @date-fns/tz): only the two stats handlers carry those.
 */

/**
 * How many scheduled or confirmed sessions have started by `now` (of one client, or all): they are
 * open but no longer upcoming. Every one of them ends before now + MAX_SESSION_MINUTES, so one COUNT
 * query per open status on the end-time index up to that instant finds them all, reading only the
 * sessions that are due but not completed yet (the completion on load and the 5-minute job keep those
 * few) and those ending within the next MAX_SESSION_MINUTES: never the future or the history.
 */
async function startedOpenSessions(now: Date, clientId?: string): Promise<number> {
  const nowIso = now.toISOString();
  const horizon = new Date(now.getTime() + MAX_SESSION_MINUTES * 60_000 + 1).toISOString();
  const counts = await Promise.all(
    OPEN.map((status) =>
      countQuery(
        store()
          .entities.session.query.byStatusEnd({ status })
          .lt({ endsAt: horizon })
          .where(({ scheduledAt, clientId: owner }, { lte, eq }) =>
            clientId ? `${lte(scheduledAt, nowIso)} AND ${eq(owner, clientId)}` : lte(scheduledAt, nowIso),
          )
          .params() as QueryCommandInput,
      ),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * The trainer's stat cards, each a bounded read however many sessions exist (ADR 0014). Total and
 * Active Clients are maintained counters (Active Clients is the dashboard's, SPEC 9). Upcoming is the
 * open-sessions counter (kept by every write in its own transaction) less the open sessions that have
 * already started (startedOpenSessions). Today counts the sessions starting today in the business
 * time zone (the by-date index over that day only, cancelled ones left out).
 */
export async function getSessionStats(now = new Date()): Promise<SessionStats> {
  const day = businessDay(now, await businessTimeZoneSetting());
  const [counters, open, started, today] = await Promise.all([
    readCounters([COUNTERS.sessionsTotal, COUNTERS.activeClients]),
    readRawCounters([COUNTERS.openSessions]),
    startedOpenSessions(now),
    countSessionsBetween(day.start, day.end),
  ]);
  return {
    total: counters[COUNTERS.sessionsTotal],
    upcoming: Math.max(0, open[COUNTERS.openSessions] - started),
    today,
    activeClients: counters[COUNTERS.activeClients],
  };
}

/**
 * A client's stat cards: Upcoming is their open-sessions counter less their open sessions that have
 * started, Completed their completed counter (both kept by the session writes), Dogs counts their
 * dogs (their own dog items, a handful).
 */
export async function getClientSessionStats(clientId: string, now = new Date()): Promise<ClientSessionStats> {
  const openKey = COUNTERS.openSessionsOf(clientId);
  const completedKey = COUNTERS.completedSessionsOf(clientId);
  const [counters, started, dogs] = await Promise.all([
    readRawCounters([openKey, completedKey]),
    startedOpenSessions(now, clientId),
    countQuery(store().entities.dog.query.byProfile({ profileId: clientId }).params() as QueryCommandInput),
  ]);
  return {
    upcoming: Math.max(0, counters[openKey] - started),
    completed: Math.max(0, counters[completedKey]),
    dogs,
  };
}
