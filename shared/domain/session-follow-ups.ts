import { SESSION_TYPE_LABELS, type SessionWrittenDetail } from '../contracts/sessions.js';
import { formatBusinessDateTime } from './business-time.js';
import { findDog } from './dogs.js';
import { composeMessages, findMessage } from './messages.js';
import { getProfileById } from './profiles.js';
import { cancelSessionReminder, sessionMessageContent, syncSessionReminder } from './session-reminders.js';
import { findSession, type SessionItem } from './sessions.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * What follows a trainer's session write, run by the handlers of its `SessionWritten` outbox event
 * (written in the write's transaction, shared/domain/sessions.ts): the reminder schedule goes where
 * the session now is, and the client gets the appointment message (SPEC 7). In their own module so
 * the request handlers of sessions do not carry the messages, the scheduler or the date formatting.
 */

const HEADLINES = {
  scheduled: { verb: 'Scheduled', line: 'Your training session has been scheduled.' },
  updated: { verb: 'Updated', line: 'Your training session has been updated.' },
  cancelled: { verb: 'Cancelled', line: 'Your training session has been cancelled.' },
} as const;

/**
 * SPEC 7: the appointment message of a session (type appointment, priority normal): the dog, type,
 * date and time in the business's time zone, duration and notes.
 */
export function appointmentMessage(
  s: Pick<SessionItem, 'dogName' | 'sessionType' | 'scheduledAt' | 'durationMinutes' | 'notes'>,
  kind: 'scheduled' | 'updated' | 'cancelled',
  timeZone: string,
) {
  return {
    subject: `Training Session ${HEADLINES[kind].verb} - ${s.dogName || 'your dog'}`,
    content: sessionMessageContent(s, HEADLINES[kind].line, timeZone),
    messageType: 'appointment' as const,
    priority: 'normal' as const,
  };
}

/**
 * A series' one appointment message (docs/decisions/0060-session-series.md): every date and time in the
 * business's time zone, then the dog, type, duration and notes as in a session's message.
 */
export function seriesMessage(
  s: Pick<SessionItem, 'dogName' | 'sessionType' | 'durationMinutes' | 'notes'>,
  starts: readonly string[],
  timeZone: string,
  kind: 'scheduled' | 'updated' | 'cancelled' = 'scheduled',
) {
  const dates = starts.map((at) => {
    const when = formatBusinessDateTime(at, timeZone);
    return `- ${when.date} at ${when.time}`;
  });
  return {
    subject: `Training Sessions ${HEADLINES[kind].verb} - ${s.dogName || 'your dog'}`,
    content: [
      'Hi {client_name},',
      '',
      `Your ${starts.length} training sessions have been ${kind}:`,
      '',
      ...dates,
      '',
      `**Dog:** ${s.dogName || 'your dog'}`,
      `**Session Type:** ${SESSION_TYPE_LABELS[s.sessionType]}`,
      `**Duration:** ${s.durationMinutes} minutes`,
      ...(s.notes ? ['', `**Notes:** ${s.notes}`] : []),
    ].join('\n'),
    messageType: 'appointment' as const,
    priority: 'normal' as const,
  };
}

/**
 * Puts the session's reminder schedule where the session is now (read again: a later write may
 * already have moved it): 24 hours before an open session's start, else none. Idempotent, and
 * order-independent among writes of one session.
 */
export async function syncReminderAfterWrite(detail: SessionWrittenDetail, now = Date.now()): Promise<void> {
  const session = await findSession(detail.sessionId);
  if (!session) return cancelSessionReminder(detail.sessionId);
  await syncSessionReminder(session, detail.siteUrl, now);
}

export type AppointmentOutcome = 'sent' | 'already sent' | 'no message' | 'client not active' | 'sender gone';

/**
 * Sends the write's appointment message with the id fixed at the write, so a retried or repeated
 * delivery of the event sends it once. A client no longer active gets none (messages go to active
 * clients only).
 */
export async function sendAppointmentMessage(detail: SessionWrittenDetail): Promise<AppointmentOutcome> {
  const a = detail.appointment;
  if (!a || detail.kind === 'deleted') return 'no message';
  if (await findMessage(a.messageId)) return 'already sent';
  const [sender, client, dog, session] = await Promise.all([
    getProfileById(a.senderId),
    getProfileById(a.clientId),
    findDog(a.dogId),
    findSession(detail.sessionId),
  ]);
  if (client?.role !== 'client' || !client.isActive) return 'client not active';
  if (!sender) return 'sender gone';
  const timeZone = await businessTimeZoneSetting();
  // The event carries ids only: the dog's name and the notes are read now (the session's own copy of
  // the name when the dog is gone; no notes when the session is).
  const written = { ...a, dogName: dog?.name ?? session?.dogName, notes: session?.notes };
  const message = a.series
    ? seriesMessage(written, a.series.starts, timeZone, detail.kind)
    : appointmentMessage(written, detail.kind, timeZone);
  await composeMessages(
    sender,
    { recipientIds: [a.clientId], ...message, scheduledFor: null },
    {
      siteUrl: detail.siteUrl ?? '',
      messageId: a.messageId,
      sessionId: detail.sessionId,
      ...(a.series ? { seriesSessionIds: a.series.sessionIds } : {}),
    },
  );
  return 'sent';
}
