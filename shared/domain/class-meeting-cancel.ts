import { CLASS_TEXTS, MEETING_CANCELLED_TEXTS } from '../contracts/classes.js';
import { type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { formatBusinessDateTime } from './business-time.js';
import { busyDayItems, busyEntry } from './busy-days.js';
import { derivedMessageId, messageSeatHolders } from './class-meeting-notices.js';
import { changeableMeeting } from './class-meetings.js';
import { classPagesChanged } from './class-pages.js';
import { type ClassItem, getClass } from './classes.js';
import { outboxItem } from './outbox.js';
import { businessTimeZoneSetting } from './settings.js';

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
  const meeting = changeableMeeting(c, meetingId, now, {
    draft: CLASS_TEXTS.meetingDraft,
    cancelled: CLASS_TEXTS.meetingCancelled,
    started: CLASS_TEXTS.meetingStarted,
  });
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
    // The public class pages list the meetings left: rendered again.
    classPagesChanged(e, classId),
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
  return derivedMessageId(`meeting-cancelled:${meetingId}:${clientId}`);
}

/** The `ClassMeetingCancelled` handler's work: a message to each client with a seat or a seat offered. */
export async function notifyMeetingCancelled(detail: ClassMeetingCancelledDetail): Promise<number> {
  const c = await getClass(detail.classId).catch(() => undefined);
  const meeting = c?.meetings.find((m) => m.id === detail.meetingId);
  if (!c || !meeting?.cancelledAt) return 0;
  const when = formatBusinessDateTime(meeting.startsAt, await businessTimeZoneSetting());
  return messageSeatHolders(c, {
    subject: MEETING_CANCELLED_TEXTS.subject(c.title),
    lines: [
      MEETING_CANCELLED_TEXTS.line(c.title, `${when.date} at ${when.time}`),
      MEETING_CANCELLED_TEXTS.reason(meeting.cancelReason ?? ''),
    ],
    messageId: (clientId) => cancelMessageId(meeting.id, clientId),
    ...(detail.siteUrl ? { siteUrl: detail.siteUrl } : {}),
  });
}
