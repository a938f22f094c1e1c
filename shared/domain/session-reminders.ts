import { sendEmail } from '../adapters/email.js';
import { cancelSchedule, type OneOffSchedule, scheduleOnce } from '../adapters/scheduler.js';
import {
  SESSION_REMINDER_SUBJECT,
  SESSION_TYPE_LABELS,
  type SessionReminderDueDetail,
  type SessionStatus,
} from '../contracts/sessions.js';
import { isConditionFailure, store } from '../db/service.js';
import { formatBusinessDateTime } from './business-time.js';
import { composeMessages } from './messages.js';
import { getProfileById, type Profile } from './profiles.js';
import type { SessionItem } from './sessions.js';
import { businessContact, businessTimeZoneSetting, preferencesOf } from './settings.js';

/**
 * Session reminders (issue "Training sessions", item 6): 24 hours before each scheduled or confirmed
 * session the client gets a portal message of type `reminder` (and an e-mail), when their
 * session-reminders setting is on. Like scheduled messages, each session has at most one one-off
 * schedule, `session-reminder-<id>`, at its start minus 24 hours, publishing `SessionReminderDue`:
 * created when the session is scheduled, moved when its start moves, removed when it is cancelled or
 * deleted. A session starting within 24 hours gets none. The handler checks everything again when
 * the schedule fires (the session may have moved, been cancelled, completed or deleted meanwhile, the
 * client may have turned reminders off or been deactivated) and claims the reminder on the session
 * (`reminderSentFor` = the start it was sent for, a conditional write), so a retried or duplicated
 * event reminds once.
 */

export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
const OPEN: readonly SessionStatus[] = ['scheduled', 'confirmed'];

export const reminderScheduleNameOf = (sessionId: string) => `session-reminder-${sessionId}`;

/** When the reminder of a session starting at `scheduledAt` is due. */
export const reminderTimeOf = (scheduledAt: string) =>
  new Date(Date.parse(scheduledAt) - REMINDER_LEAD_MS).toISOString();

function reminderSchedule(s: Pick<SessionItem, 'id' | 'scheduledAt'>, siteUrl: string | undefined): OneOffSchedule {
  return {
    name: reminderScheduleNameOf(s.id),
    at: reminderTimeOf(s.scheduledAt),
    event: 'SessionReminderDue',
    detail: {
      sessionId: s.id,
      scheduledAt: s.scheduledAt,
      ...(siteUrl ? { siteUrl } : {}),
    } satisfies SessionReminderDueDetail,
  };
}

/**
 * Puts the session's reminder schedule where the session now is: at its start minus 24 hours when it
 * is scheduled or confirmed and that moment is still ahead (scheduling the same name again moves it);
 * otherwise removes any schedule it had (e.g. moved to within 24 hours).
 */
export async function syncSessionReminder(
  s: Pick<SessionItem, 'id' | 'scheduledAt' | 'status'>,
  siteUrl: string | undefined,
  now = Date.now(),
): Promise<void> {
  if (OPEN.includes(s.status) && Date.parse(reminderTimeOf(s.scheduledAt)) > now) {
    await scheduleOnce(reminderSchedule(s, siteUrl));
  } else {
    await cancelSchedule(reminderScheduleNameOf(s.id));
  }
}

/** Removes the session's reminder schedule (one that already ran or never existed counts as removed). */
export async function cancelSessionReminder(sessionId: string): Promise<void> {
  await cancelSchedule(reminderScheduleNameOf(sessionId));
}

/**
 * The reminder schedules the table says should exist: one per scheduled or confirmed session starting
 * more than 24 hours from now (not reminded yet for that start). The local runtime rebuilds its timer
 * queue from this on start, next to the scheduled messages. One Query per open status on the end-time
 * index, bounded below by now + 24 hours (a session ends after it starts, so every session starting
 * after that bound ends after it too); the start is then checked per row.
 */
export async function sessionReminderSchedules(siteUrl: string, now = Date.now()): Promise<OneOffSchedule[]> {
  const bound = new Date(now + REMINDER_LEAD_MS).toISOString();
  const pages = await Promise.all(
    OPEN.map((status) =>
      store()
        .entities.session.query.byStatusEnd({ status })
        .gt({ endsAt: bound })
        .where(({ scheduledAt }, { gt }) => gt(scheduledAt, bound))
        .go({ pages: 'all' }),
    ),
  );
  return pages
    .flatMap(({ data }) => data as (SessionItem & { reminderSentFor?: string })[])
    .filter((s) => s.reminderSentFor !== s.scheduledAt)
    .map((s) => reminderSchedule(s, siteUrl));
}

// ---------------------------------------------------------------------------------------------------
// The reminder itself

/**
 * The Markdown of a message about a session (SPEC 7 style; `{client_name}` is personalised by
 * compose): the greeting, `line`, then the dog, type, date and time in the business's time zone,
 * duration and notes. The appointment and reminder messages share it.
 */
export function sessionMessageContent(
  s: Pick<SessionItem, 'dogName' | 'sessionType' | 'scheduledAt' | 'durationMinutes' | 'notes'>,
  line: string,
  timeZone: string,
): string {
  const when = formatBusinessDateTime(s.scheduledAt, timeZone);
  return [
    'Hi {client_name},',
    '',
    line,
    '',
    `**Dog:** ${s.dogName || 'your dog'}`,
    `**Session Type:** ${SESSION_TYPE_LABELS[s.sessionType]}`,
    `**Date:** ${when.date}`,
    `**Time:** ${when.time}`,
    `**Duration:** ${s.durationMinutes} minutes`,
    ...(s.notes ? ['', `**Notes:** ${s.notes}`] : []),
  ].join('\n');
}

/** The reminder message of a session (type reminder, priority normal). */
export function reminderMessage(
  s: Pick<SessionItem, 'dogName' | 'sessionType' | 'scheduledAt' | 'durationMinutes' | 'notes'>,
  timeZone: string,
) {
  return {
    subject: `${SESSION_REMINDER_SUBJECT} - ${s.dogName || 'your dog'}`,
    content: sessionMessageContent(s, 'This is a reminder of your training session tomorrow.', timeZone),
    messageType: 'reminder' as const,
    priority: 'normal' as const,
  };
}

/** The plain-text reminder e-mail (nothing of the Markdown), with a link to the client's sessions. */
export function reminderEmail(
  s: Pick<SessionItem, 'dogName' | 'sessionType' | 'scheduledAt' | 'durationMinutes'>,
  firstName: string,
  siteUrl: string | undefined,
  business: { name: string },
  timeZone: string,
) {
  const dog = s.dogName || 'your dog';
  const when = formatBusinessDateTime(s.scheduledAt, timeZone);
  const link = `${(siteUrl ?? '').replace(/\/+$/, '')}/sessions`;
  const subject = `Reminder: Training Session Tomorrow - ${dog}`.replace(/[\r\n]+/g, ' ').slice(0, 200);
  const text = [
    `Hi ${firstName},`,
    '',
    `This is a reminder of ${dog}'s ${SESSION_TYPE_LABELS[s.sessionType].toLowerCase()} session tomorrow:`,
    `${when.date} at ${when.time} (${s.durationMinutes} minutes).`,
    '',
    'See your sessions in your client portal:',
    link,
    '',
    'You receive this e-mail because session reminders are on in your portal settings.',
    '',
    business.name,
  ].join('\n');
  return { subject, text, link };
}

export type ReminderOutcome =
  | 'sent'
  | 'gone'
  | 'not-open'
  | 'moved'
  | 'started'
  | 'client-inactive'
  | 'reminders-off'
  | 'already-sent';

/**
 * Claims the reminder of a session for its start `scheduledAt`: one conditional write, which only
 * succeeds while the session exists, is scheduled or confirmed, still starts then, and was not
 * reminded for that start yet. Exactly one of any number of concurrent or retried handlers wins.
 */
async function claimReminder(sessionId: string, scheduledAt: string): Promise<boolean> {
  try {
    await store()
      .entities.session.patch({ id: sessionId })
      .set({ reminderSentFor: scheduledAt })
      .where(
        ({ status, scheduledAt: start, reminderSentFor }, { eq, ne, notExists }) =>
          `(${eq(status, 'scheduled')} OR ${eq(status, 'confirmed')}) AND ${eq(start, scheduledAt)} AND ` +
          `(${notExists(reminderSentFor)} OR ${ne(reminderSentFor, scheduledAt)})`,
      )
      .go();
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** Gives a claim back (the portal message could not be written), so a retry can remind. */
async function releaseReminder(sessionId: string, scheduledAt: string): Promise<void> {
  try {
    await store()
      .entities.session.patch({ id: sessionId })
      .remove(['reminderSentFor'])
      .where(({ reminderSentFor }, { eq }) => eq(reminderSentFor, scheduledAt))
      .go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}

/**
 * The handler's work when a session's reminder schedule fires. Does nothing (and says why) when the
 * session is gone, no longer scheduled or confirmed, moved to another start than the one the schedule
 * was for, already started, when the client is inactive or has session reminders off, or when the
 * reminder was already sent for this start. Otherwise claims it, then sends the portal message of
 * type `reminder`.
 *
 * E-mail: the portal message itself triggers the message e-mail notice (events/email-message-notice)
 * when the client's e-mail notifications are on. To avoid two e-mails for one reminder, the direct
 * reminder e-mail is sent only when e-mail notifications are off; with them on, the notice is the
 * reminder's e-mail. The message goes first: if it fails, the claim is given back and the error
 * rethrown (the event is retried); if only the direct e-mail fails afterwards, the message stands and
 * the error is rethrown for the logs, but a retry does not remind again (the claim holds), so the
 * client never gets the message twice.
 */
export async function sendSessionReminder(
  detail: SessionReminderDueDetail,
  now = Date.now(),
): Promise<ReminderOutcome> {
  const { data } = await store().entities.session.get({ id: detail.sessionId }).go();
  const s = (data ?? undefined) as (SessionItem & { reminderSentFor?: string }) | undefined;
  if (!s) return 'gone';
  if (!OPEN.includes(s.status)) return 'not-open';
  if (s.scheduledAt !== detail.scheduledAt) return 'moved';
  if (Date.parse(s.scheduledAt) <= now) return 'started';
  if (s.reminderSentFor === s.scheduledAt) return 'already-sent';
  const client = await getProfileById(s.clientId);
  if (client?.role !== 'client' || !client.isActive) return 'client-inactive';
  const prefs = preferencesOf(client);
  if (!prefs.sessionReminders) return 'reminders-off';
  if (!(await claimReminder(s.id, s.scheduledAt))) return 'already-sent';

  const [tz, business] = await Promise.all([businessTimeZoneSetting(), businessContact()]);
  // The business sends reminders; no trainer profile is behind them.
  const sender = { id: 'business', firstName: business.name, lastName: '' } as Profile;
  try {
    await composeMessages(
      sender,
      { recipientIds: [client.id], ...reminderMessage(s, tz), scheduledFor: null },
      { siteUrl: detail.siteUrl ?? '', now },
    );
  } catch (e) {
    await releaseReminder(s.id, s.scheduledAt);
    throw e;
  }
  if (!prefs.emailNotifications) {
    const { subject, text } = reminderEmail(s, client.firstName, detail.siteUrl, business, tz);
    await sendEmail({ to: [client.email], subject, text, replyTo: business.email });
  }
  return 'sent';
}
