import { formatBusinessDateTime } from './business-time.js';
import { sessionSummary, sessionUid } from './calendar-feeds.js';
import { type IcalPerson, icalCalendar } from './ical.js';
import { findSession, type SessionItem } from './sessions.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * The calendar invite (RFC 5546 iTIP over e-mail) an appointment message's e-mail carries: the same UID
 * as the session's event in the calendar feeds, so a calendar that took the invite updates or removes
 * that one event when the session changes. REQUEST while the session stands, CANCEL once it is
 * cancelled; SEQUENCE is the session's revision (one more with every change or cancellation the client
 * is told of), so a calendar applies the newest invite and ignores an older one that arrives late.
 */

export interface SessionInvite {
  method: 'REQUEST' | 'CANCEL';
  /** The `.ics` text (CRLF lines). */
  content: string;
}

const hostOf = (siteUrl: string) => {
  try {
    return new URL(siteUrl).host || 'localhost';
  } catch {
    return 'localhost';
  }
};

type InviteSession = Pick<
  SessionItem,
  | 'id'
  | 'scheduledAt'
  | 'durationMinutes'
  | 'status'
  | 'sessionType'
  | 'dogName'
  | 'createdAt'
  | 'updatedAt'
  | 'revision'
>;

/**
 * The invite of one session, or of every session of a series (one event each, in one calendar: a
 * series' message invites to all its dates). REQUEST while any is open, CANCEL when all are cancelled.
 */
export function renderSessionInvite(opts: {
  session: InviteSession | readonly InviteSession[];
  siteUrl: string;
  timeZone: string;
  organizer: IcalPerson;
  attendee: IcalPerson;
  now?: Date;
}): SessionInvite {
  const sessions: readonly InviteSession[] = Array.isArray(opts.session)
    ? opts.session
    : [opts.session as InviteSession];
  const method = sessions.every((s) => s.status === 'cancelled') ? 'CANCEL' : 'REQUEST';
  const host = hostOf(opts.siteUrl);
  const portal = `${opts.siteUrl.replace(/\/+$/, '')}/sessions`;
  const content = icalCalendar({
    prodId: `-//${host}//sessions//EN`,
    name: '',
    timeZone: /^[A-Za-z0-9_+\-/]{1,64}$/.test(opts.timeZone) ? opts.timeZone : 'America/New_York',
    method,
    events: sessions.map((s) => {
      const start = new Date(s.scheduledAt);
      const minutes = s.durationMinutes > 0 ? s.durationMinutes : 60;
      return {
        uid: sessionUid(s.id, host),
        sequence: s.revision ?? 0,
        stamp: opts.now ?? new Date(),
        start,
        end: new Date(start.getTime() + minutes * 60_000),
        // The client's own invite: the dog's name, not the client's.
        summary: sessionSummary({ sessionType: s.sessionType, dogName: s.dogName }),
        description: opts.siteUrl ? `Details in your client portal: ${portal}` : null,
        status: s.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
        created: new Date(s.createdAt),
        lastModified: new Date(s.updatedAt),
        organizer: opts.organizer,
        attendee: opts.attendee,
      };
    }),
  });
  return { method, content };
}

/** The invite for a session (or a series' sessions) as it is now (undefined when none is left). */
export async function sessionInvite(
  sessionIds: string | readonly string[],
  opts: { siteUrl: string; organizer: IcalPerson; attendee: IcalPerson },
): Promise<SessionInvite | undefined> {
  const ids = typeof sessionIds === 'string' ? [sessionIds] : sessionIds;
  const [found, timeZone] = await Promise.all([Promise.all(ids.map(findSession)), businessTimeZoneSetting()]);
  const sessions = found.filter((s): s is SessionItem => !!s);
  if (!sessions.length) return undefined;
  return renderSessionInvite({ session: sessions.length === 1 ? sessions[0] : sessions, timeZone, ...opts });
}

/** "Tuesday, December 1, 2026 at 2:30 PM ET" for each open session of `sessionIds` as it is now, in order. */
export async function sessionDates(sessionIds: readonly string[]): Promise<string[]> {
  const [found, timeZone] = await Promise.all([Promise.all(sessionIds.map(findSession)), businessTimeZoneSetting()]);
  return found
    .filter((s): s is SessionItem => !!s && s.status !== 'cancelled')
    .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt))
    .map((s) => {
      const { date, time } = formatBusinessDateTime(s.scheduledAt, timeZone);
      return `${date} at ${time}`;
    });
}
