import { CLASS_DURATIONS } from '../contracts/class-options.js';
import { MAX_SESSION_MINUTES } from '../contracts/session-options.js';
import { SESSION_TEXTS } from '../contracts/sessions.js';
import { store } from '../db/service.js';
import { AppError } from '../errors.js';
import { formatBusinessDateTime } from './business-time.js';
import { meetingsBetween } from './class-meetings.js';
import { OPEN, type SessionItem } from './sessions.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * Clash checks (docs/decisions/0054-clash-checks-and-series.md): a session the trainer schedules or
 * moves may not overlap another of their open sessions, [start, end) against [start, end), unless the
 * request says so (`allowOverlap`). Read by the sessions-by-date index, one query per interval, from the
 * longest session before its start to its end: no scan.
 */

const MINUTE = 60_000;
const MAX_CLASS_MINUTES = Math.max(...CLASS_DURATIONS);

interface Interval {
  scheduledAt: string;
  endsAt: string;
}

type Found = Pick<SessionItem, 'id' | 'scheduledAt' | 'endsAt' | 'status' | 'dogName'>;

/** The open sessions (other than `exceptIds`) and the class meetings that overlap `interval`. */
async function overlapping(interval: Interval, exceptIds: ReadonlySet<string>): Promise<Found[]> {
  const start = Date.parse(interval.scheduledAt);
  const end = Date.parse(interval.endsAt);
  const [{ data }, meetings] = await Promise.all([
    store()
      .entities.session.query.byDate({})
      .between(
        { scheduledAt: new Date(start - MAX_SESSION_MINUTES * MINUTE).toISOString() },
        { scheduledAt: new Date(end - 1).toISOString() },
      )
      .where(({ status }, { eq }) => OPEN.map((s) => eq(status, s)).join(' OR '))
      .go({ pages: 'all', attributes: ['id', 'scheduledAt', 'endsAt', 'status', 'dogName'] }),
    meetingsBetween(new Date(start - MAX_CLASS_MINUTES * MINUTE).toISOString(), new Date(end).toISOString()),
  ]);
  // A meeting reads as "... with Puppy Manners (class)" in the refusal.
  const classes: Found[] = meetings.map((m) => ({
    id: m.id,
    scheduledAt: m.startsAt,
    endsAt: m.endsAt,
    status: 'scheduled',
    dogName: `${m.title} (class)`,
  }));
  return [...(data as Found[]), ...classes].filter(
    (s) => !exceptIds.has(s.id) && Date.parse(s.scheduledAt) < end && start < Date.parse(s.endsAt),
  );
}

/** The clashes of each interval, in order (an empty list where there is none). */
async function clashesOf(intervals: readonly Interval[], exceptIds: readonly string[] = []) {
  const except = new Set(exceptIds);
  return Promise.all(intervals.map((i) => overlapping(i, except)));
}

/** "Tuesday, December 1, 2026 at 2:30 PM ET with Rex": the other session as the trainer reads it. */
function describe(s: Found, timeZone: string): string {
  const { date, time } = formatBusinessDateTime(s.scheduledAt, timeZone);
  return `${date} at ${time}${s.dogName ? ` with ${s.dogName}` : ''}`;
}

/**
 * Refuses (CONFLICT, the field `allowOverlap`) when an interval overlaps another open session: the
 * message names the other sessions' times and dogs. Nothing is checked when the request allows it.
 * `texts`: the refusal's opening for one clash and for several (a session's by default).
 */
export async function assertNoClash(
  intervals: readonly Interval[],
  opts: { allowOverlap?: boolean; exceptIds?: readonly string[]; texts?: { one: string; many: string } },
): Promise<void> {
  if (opts.allowOverlap) return;
  const found = (await clashesOf(intervals, opts.exceptIds)).flat();
  if (!found.length) return;
  const timeZone = await businessTimeZoneSetting();
  const seen = new Set<string>();
  const named = found.filter((s) => !seen.has(s.id) && seen.add(s.id)).map((s) => describe(s, timeZone));
  const texts = opts.texts ?? { one: SESSION_TEXTS.overlaps, many: SESSION_TEXTS.overlapsMany };
  const message = `${named.length > 1 ? texts.many : texts.one}: ${named.join('; ')}`;
  throw new AppError('CONFLICT', message, { allowOverlap: [message] });
}
