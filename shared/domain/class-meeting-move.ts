import { CLASS_TEXTS, MEETING_MOVED_TEXTS, type MoveMeetingRequest } from '../contracts/classes.js';
import { type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { formatBusinessDateTime } from './business-time.js';
import { busyDayItems, busyEntry } from './busy-days.js';
import { derivedMessageId, messageSeatHolders } from './class-meeting-notices.js';
import { changeableMeeting, meetingItem } from './class-meetings.js';
import { classPagesChanged } from './class-pages.js';
import { type ClassItem, getClass } from './classes.js';
import { outboxItem } from './outbox.js';
import { assertNoClash } from './session-clashes.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * The trainer moves one meeting of a published class (docs/decisions/0075-moving-a-class-meeting.md): it
 * keeps its id and length and takes the new start; the class's list stays in time order, the calendars,
 * the busy time and the public pages follow, and every client with a seat or a seat offered gets a message
 * with the old and the new time, from the `ClassMeetingMoved` event of the same transaction.
 */

/** Event detail of `ClassMeetingMoved`: the meeting's start before (`from`) and after (`startsAt`). */
export interface ClassMeetingMovedDetail {
  classId: string;
  meetingId: string;
  from: string;
  startsAt: string;
  siteUrl?: string;
}

type Meeting = ClassItem['meetings'][number];

const byStart = (a: Meeting, b: Meeting) => a.startsAt.localeCompare(b.startsAt);

/** The class's first start and last end (cancelled meetings count, as when the class was made). */
function spanOf(meetings: readonly Meeting[]) {
  return {
    firstStart: meetings.reduce((min, m) => (m.startsAt < min ? m.startsAt : min), meetings[0].startsAt),
    lastEnd: meetings.reduce((max, m) => (m.endsAt > max ? m.endsAt : max), meetings[0].endsAt),
  };
}

export async function moveMeeting(
  classId: string,
  meetingId: string,
  input: MoveMeetingRequest,
  opts: { siteUrl?: string; now?: number } = {},
): Promise<ClassItem> {
  const now = opts.now ?? Date.now();
  const c = await getClass(classId);
  const meeting = changeableMeeting(c, meetingId, now, {
    draft: CLASS_TEXTS.meetingMoveDraft,
    cancelled: CLASS_TEXTS.meetingMoveCancelled,
    started: CLASS_TEXTS.meetingMoveStarted,
  });
  const start = Date.parse(input.startsAt);
  if (start <= now) {
    throw new AppError('VALIDATION', CLASS_TEXTS.meetingMovePast, { startsAt: [CLASS_TEXTS.meetingMovePast] });
  }
  // Already there (a request sent again): nothing changes, nobody is told twice.
  if (start === Date.parse(meeting.startsAt)) return c;
  const moved: Meeting = {
    ...meeting,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + Date.parse(meeting.endsAt) - Date.parse(meeting.startsAt)).toISOString(),
  };
  await assertNoClash([{ scheduledAt: moved.startsAt, endsAt: moved.endsAt }], {
    allowOverlap: input.allowOverlap,
    exceptIds: [meeting.id],
    texts: { one: CLASS_TEXTS.meetingOverlaps, many: CLASS_TEXTS.meetingOverlapsMany },
  });
  const meetings = c.meetings.map((m) => (m.id === meetingId ? moved : m)).sort(byStart);
  const entry = (m: Meeting) => busyEntry({ id: m.id, scheduledAt: m.startsAt, endsAt: m.endsAt });
  const { canceled } = await writeTransaction((e) => [
    // On condition the class is as read: a concurrent change of its meetings is not overwritten.
    e.groupClass
      .patch({ id: classId })
      .set({ meetings, ...spanOf(meetings) })
      .where(({ updatedAt }, { eq }) => eq(updatedAt, c.updatedAt))
      .commit() as TxItem,
    meetingItem(e, c, moved),
    // One update per day touched: the old day loses the entry, the new day gets it (the same day: moved).
    ...busyDayItems({ remove: [entry(meeting)], add: [entry(moved)] }),
    classPagesChanged(e, classId),
    outboxItem(e, 'ClassMeetingMoved', {
      classId,
      meetingId,
      from: meeting.startsAt,
      startsAt: moved.startsAt,
      ...(opts.siteUrl ? { siteUrl: opts.siteUrl } : {}),
    } satisfies ClassMeetingMovedDetail),
  ]);
  if (canceled) throw new AppError('CONFLICT', CLASS_TEXTS.meetingMoveFailed);
  return getClass(classId);
}

/** One message id per meeting, new time and client: a later move of the same meeting is told again. */
export function moveMessageId(meetingId: string, startsAt: string, clientId: string): string {
  return derivedMessageId(`meeting-moved:${meetingId}:${Date.parse(startsAt)}:${clientId}`);
}

/**
 * The `ClassMeetingMoved` handler's work: a message to each client with a seat or a seat offered, with
 * the old and the new time. Nothing when the meeting is gone, cancelled or moved again since (that
 * move's own event tells the time it has now).
 */
export async function notifyMeetingMoved(detail: ClassMeetingMovedDetail): Promise<number> {
  const c = await getClass(detail.classId).catch(() => undefined);
  const meeting = c?.meetings.find((m) => m.id === detail.meetingId);
  if (!c || !meeting || meeting.cancelledAt || Date.parse(meeting.startsAt) !== Date.parse(detail.startsAt)) return 0;
  const timeZone = await businessTimeZoneSetting();
  const when = (iso: string) => {
    const { date, time } = formatBusinessDateTime(iso, timeZone);
    return `${date} at ${time}`;
  };
  return messageSeatHolders(c, {
    subject: MEETING_MOVED_TEXTS.subject(c.title),
    lines: [MEETING_MOVED_TEXTS.line(c.title, when(detail.from), when(meeting.startsAt))],
    messageId: (clientId) => moveMessageId(meeting.id, meeting.startsAt, clientId),
    ...(detail.siteUrl ? { siteUrl: detail.siteUrl } : {}),
  });
}
