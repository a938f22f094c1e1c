import { createHash } from 'node:crypto';
import { CLASS_TEXTS, MEETING_CANCELLED_TEXTS } from '../contracts/classes.js';
import { type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { formatBusinessDateTime } from './business-time.js';
import { busyDayItems, busyEntry } from './busy-days.js';
import { type ClassItem, getClass, listClassEnrolments } from './classes.js';
import { composeMessages, findMessage } from './messages.js';
import { outboxItem } from './outbox.js';
import type { Profile } from './profiles.js';
import { businessContact, businessTimeZoneSetting } from './settings.js';

/**
 * The trainer cancels one meeting of a published class (docs/decisions/0074-cancelling-a-class-meeting.md):
 * the meeting stays in the class's list marked cancelled with the reason, leaves the calendars and the busy
 * time, and every client with a seat or a seat offered gets a message (with its push notice and e-mail, as
 * for any message) saying when and why, from the `ClassMeetingCancelled` event of the same transaction.
 */

/** Event detail of `ClassMeetingCancelled`. */
export interface ClassMeetingCancelledDetail {
  classId: string;
  meetingId: string;
  siteUrl?: string;
}

export async function cancelMeeting(
  classId: string,
  meetingId: string,
  reason: string,
  opts: { siteUrl?: string; now?: number } = {},
): Promise<ClassItem> {
  const now = opts.now ?? Date.now();
  const c = await getClass(classId);
  const meeting = c.meetings.find((m) => m.id === meetingId);
  if (!meeting) throw new AppError('NOT_FOUND', CLASS_TEXTS.meetingNotFound);
  if (c.status !== 'published') throw new AppError('CONFLICT', CLASS_TEXTS.meetingDraft);
  if (meeting.cancelledAt) throw new AppError('CONFLICT', CLASS_TEXTS.meetingCancelled);
  if (Date.parse(meeting.startsAt) <= now) throw new AppError('CONFLICT', CLASS_TEXTS.meetingStarted);
  const at = new Date(now).toISOString();
  const meetings = c.meetings.map((m) => (m.id === meetingId ? { ...m, cancelledAt: at, cancelReason: reason } : m));
  const { canceled } = await writeTransaction((e) => [
    // On condition the class is as read: a concurrent change of its meetings is not overwritten.
    e.groupClass
      .patch({ id: classId })
      .set({ meetings })
      .where(({ updatedAt }, { eq }) => eq(updatedAt, c.updatedAt))
      .commit() as TxItem,
    e.classMeeting.delete({ classId, meetingId }).commit() as TxItem,
    ...busyDayItems({ remove: [busyEntry({ id: meeting.id, scheduledAt: meeting.startsAt, endsAt: meeting.endsAt })] }),
    outboxItem(e, 'ClassMeetingCancelled', {
      classId,
      meetingId,
      ...(opts.siteUrl ? { siteUrl: opts.siteUrl } : {}),
    } satisfies ClassMeetingCancelledDetail),
  ]);
  if (canceled) throw new AppError('CONFLICT', CLASS_TEXTS.enrolFailed);
  return getClass(classId);
}

/** One message id per meeting and client, so the event can run again without a second message. */
export function cancelMessageId(meetingId: string, clientId: string): string {
  const h = createHash('sha256').update(`meeting-cancelled:${meetingId}:${clientId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The `ClassMeetingCancelled` handler's work: a message to each client with a seat or a seat offered. */
export async function notifyMeetingCancelled(detail: ClassMeetingCancelledDetail): Promise<number> {
  const c = await getClass(detail.classId).catch(() => undefined);
  const meeting = c?.meetings.find((m) => m.id === detail.meetingId);
  if (!c || !meeting?.cancelledAt) return 0;
  const [enrolments, timeZone, business] = await Promise.all([
    listClassEnrolments(c.id),
    businessTimeZoneSetting(),
    businessContact(),
  ]);
  const clients = [
    ...new Set(enrolments.filter((e) => e.status === 'enrolled' || e.status === 'offered').map((e) => e.clientId)),
  ];
  const when = formatBusinessDateTime(meeting.startsAt, timeZone);
  const sender = { id: 'business', firstName: business.name, lastName: '' } as Profile;
  let sent = 0;
  for (const clientId of clients) {
    const messageId = cancelMessageId(meeting.id, clientId);
    if (await findMessage(messageId)) continue;
    const content = [
      'Hi {client_name},',
      '',
      MEETING_CANCELLED_TEXTS.line(c.title, `${when.date} at ${when.time}`),
      MEETING_CANCELLED_TEXTS.reason(meeting.cancelReason ?? ''),
    ].join('\n');
    try {
      await composeMessages(
        sender,
        {
          recipientIds: [clientId],
          subject: MEETING_CANCELLED_TEXTS.subject(c.title),
          content,
          messageType: 'appointment',
          priority: 'high',
          scheduledFor: null,
        },
        { siteUrl: detail.siteUrl ?? '', messageId },
      );
      sent++;
    } catch (e) {
      // A client deactivated since is not a recipient; the others still are.
      if (!(e instanceof AppError && e.code === 'VALIDATION')) throw e;
    }
  }
  return sent;
}
