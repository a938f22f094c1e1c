import { randomBytes } from 'node:crypto';
import { FEED_MAX_SESSIONS, FEED_TOKEN_BYTES, FEED_WINDOW_DAYS } from '../contracts/calendar-feed-options.js';
import type { CalendarMeeting } from '../contracts/class-options.js';
import { SESSION_TYPE_LABELS } from '../contracts/session-options.js';
import { store, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { meetingsBetween } from './class-meetings.js';
import { clientMeetingsBetween } from './classes.js';
import { type IcalEvent, icalCalendar } from './ical.js';
import { getProfileById, type Profile } from './profiles.js';
import type { SessionItem } from './sessions.js';
import { businessContact, businessTimeZoneSetting } from './settings.js';

/**
 * Private iCalendar feeds of training sessions. Each profile has at most one feed secret (random,
 * FEED_TOKEN_BYTES bytes, base64url): the public route looks the secret up (GetItem), never a
 * profile id. A client's feed lists their own sessions (by-client index), the trainer's every
 * session (by-date index), from FEED_WINDOW_DAYS ago on, at most FEED_MAX_SESSIONS: index queries
 * only. Resetting writes the new secret and deletes the old one in one transaction, so the old URL
 * stops working at once.
 */

const FEED_PATH = '/api/public/calendar';
const PAGE = 250;
/** How far ahead a feed lists class meetings. */
const FEED_MEETING_DAYS = 400;

export const newFeedToken = () => randomBytes(FEED_TOKEN_BYTES).toString('base64url');

export const feedUrl = (siteUrl: string, token: string) => `${siteUrl.replace(/\/+$/, '')}${FEED_PATH}/${token}.ics`;

async function currentToken(profileId: string): Promise<string | undefined> {
  const { data } = await store().entities.calendarFeedOwner.get({ profileId }).go({ consistent: true });
  return data?.token;
}

/** The caller's feed URL, creating the secret on first use. */
export async function getOrCreateCalendarFeed(profile: Profile, siteUrl: string): Promise<{ url: string }> {
  const existing = await currentToken(profile.id);
  if (existing) return { url: feedUrl(siteUrl, existing) };
  const token = newFeedToken();
  const { canceled } = await writeTransaction(({ calendarFeedOwner, calendarFeed }) => [
    calendarFeedOwner.create({ profileId: profile.id, token }).commit(),
    calendarFeed.create({ token, profileId: profile.id, role: profile.role, siteUrl }).commit(),
  ]);
  if (canceled) {
    // A concurrent first call created it meanwhile.
    const raced = await currentToken(profile.id);
    if (raced) return { url: feedUrl(siteUrl, raced) };
    throw new AppError('CONFLICT', 'The calendar feed changed meanwhile. Please try again.');
  }
  return { url: feedUrl(siteUrl, token) };
}

/** A new secret for the caller's feed; the old one is deleted in the same transaction. */
export async function resetCalendarFeed(profile: Profile, siteUrl: string): Promise<{ url: string }> {
  const old = await currentToken(profile.id);
  const token = newFeedToken();
  const { canceled } = await writeTransaction(({ calendarFeedOwner, calendarFeed }) => [
    old
      ? calendarFeedOwner
          .patch({ profileId: profile.id })
          .set({ token })
          .where(({ token: t }, { eq }) => eq(t, old))
          .commit()
      : calendarFeedOwner.create({ profileId: profile.id, token }).commit(),
    ...(old ? [calendarFeed.delete({ token: old }).commit()] : []),
    calendarFeed.create({ token, profileId: profile.id, role: profile.role, siteUrl }).commit(),
  ]);
  if (canceled) throw new AppError('CONFLICT', 'The calendar feed changed meanwhile. Please try again.');
  return { url: feedUrl(siteUrl, token) };
}

/** Up to FEED_MAX_SESSIONS sessions starting from `from` on, soonest first (index queries only). */
async function feedSessions(profile: Pick<Profile, 'id' | 'role'>, from: string): Promise<SessionItem[]> {
  const out: SessionItem[] = [];
  let cursor: string | null = null;
  do {
    const limit = Math.min(PAGE, FEED_MAX_SESSIONS - out.length);
    const q =
      profile.role === 'admin'
        ? store().entities.session.query.byDate({}).gte({ scheduledAt: from })
        : store().entities.session.query.byClient({ clientId: profile.id }).gte({ scheduledAt: from });
    const res = (await q.go({ cursor, limit, order: 'asc' })) as { data: SessionItem[]; cursor: string | null };
    out.push(...res.data);
    cursor = res.cursor;
  } while (cursor && out.length < FEED_MAX_SESSIONS);
  return out;
}

export const sessionUid = (sessionId: string, host: string) => `session-${sessionId}@${host}`;

export function sessionSummary(s: Pick<SessionItem, 'sessionType' | 'dogName' | 'clientName'>): string {
  const type = SESSION_TYPE_LABELS[s.sessionType] ?? 'Training';
  const who = s.clientName?.trim() ? ` (${s.clientName.trim()})` : '';
  return `${type} - ${s.dogName?.trim() || 'Dog'}${who}`;
}

/**
 * The RFC 5545 text of a feed (shared/domain/ical.ts). Times are written as UTC instants
 * (DTSTART:...Z) so every calendar places them right; X-WR-TIMEZONE, right after VERSION (calendar
 * properties come before the events), names the business time zone for display.
 */
export function renderCalendar(opts: {
  name: string;
  timeZone: string;
  host: string;
  sessions: readonly SessionItem[];
  /** Class meetings (docs/decisions/0073-class-meetings-on-calendars.md). */
  meetings?: readonly CalendarMeeting[];
  now?: Date;
}): string {
  const stamp = opts.now ?? new Date();
  return icalCalendar({
    prodId: `-//${opts.host}//sessions//EN`,
    name: opts.name,
    timeZone: /^[A-Za-z0-9_+\-/]{1,64}$/.test(opts.timeZone) ? opts.timeZone : 'America/New_York',
    events: opts.sessions
      .map((s): IcalEvent => {
        const start = new Date(s.scheduledAt);
        const minutes = s.durationMinutes > 0 ? s.durationMinutes : 60;
        return {
          uid: sessionUid(s.id, opts.host),
          stamp,
          start,
          end: new Date(start.getTime() + minutes * 60_000),
          summary: sessionSummary(s),
          description: s.notes?.trim() ? s.notes.trim() : null,
          // A booked session is on the calendar whether or not the client has confirmed it yet.
          status: s.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
          created: new Date(s.createdAt),
          lastModified: new Date(s.updatedAt),
        };
      })
      .concat(
        (opts.meetings ?? []).map((m) => ({
          uid: `class-${m.id}@${opts.host}`,
          stamp,
          start: new Date(m.startsAt),
          end: new Date(m.endsAt),
          summary: `${m.title} (class)${m.dogNames?.length ? ` - ${m.dogNames.join(', ')}` : ''}`,
          description: m.online ? 'Online' : m.location,
          status: 'CONFIRMED' as const,
          created: stamp,
          lastModified: stamp,
        })),
      ),
  });
}

/** The meetings of a feed: every published class's for the trainer, a client's seats' for a client. */
function feedMeetings(profile: Pick<Profile, 'id' | 'role'>, from: string): Promise<CalendarMeeting[]> {
  const to = new Date(Date.parse(from) + FEED_MEETING_DAYS * 86_400_000).toISOString();
  return profile.role === 'admin' ? meetingsBetween(from, to) : clientMeetingsBetween(profile.id, from, to);
}

/** The feed behind a secret: 404 for an unknown secret or an owner who is gone or deactivated. */
export async function calendarFeedText(token: string, now = new Date()): Promise<string> {
  const { data: feed } = await store().entities.calendarFeed.get({ token }).go();
  if (!feed) throw new AppError('NOT_FOUND', 'Feed not found');
  const owner = await getProfileById(feed.profileId);
  if (!owner?.isActive) throw new AppError('NOT_FOUND', 'Feed not found');
  const from = new Date(now.getTime() - FEED_WINDOW_DAYS * 86_400_000).toISOString();
  const [sessions, meetings, timeZone, business] = await Promise.all([
    feedSessions(owner, from),
    feedMeetings(owner, from),
    businessTimeZoneSetting(),
    businessContact(),
  ]);
  let host: string;
  try {
    host = new URL(feed.siteUrl).host || 'localhost';
  } catch {
    host = 'localhost';
  }
  const name = owner.role === 'admin' ? `${business.name} sessions` : `${business.name} - my sessions`;
  return renderCalendar({ name, timeZone, host, sessions, meetings, now });
}
