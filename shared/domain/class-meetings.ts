import { type CalendarMeeting, CLASS_TEXTS } from '../contracts/classes.js';
import { store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { busyDayItems, busyEntry } from './busy-days.js';

/**
 * Class meetings on the calendars (docs/decisions/0073-class-meetings-on-calendars.md). A published
 * class's meetings are items of their own, read by date like sessions, and busy time of their days
 * (shared/domain/busy-days.ts), so the open times for booking leave them out. Both are written in the
 * publication's transaction and removed in the deletion's.
 */

/** What of a class its meetings on the calendar need (shared/domain/classes.ts ClassItem). */
interface MeetingsOf {
  id: string;
  title: string;
  status: 'draft' | 'published';
  location?: string;
  online: boolean;
  meetings: readonly { id: string; startsAt: string; endsAt: string }[];
}

const busyOf = (c: Pick<MeetingsOf, 'meetings'>) =>
  c.meetings.map((m) => busyEntry({ id: m.id, scheduledAt: m.startsAt, endsAt: m.endsAt }));

/** The calendar item of meeting `m` of class `c` (written whole: publication, a meeting moved). */
export function meetingItem(
  e: TxEntities,
  c: Omit<MeetingsOf, 'meetings' | 'status'>,
  m: MeetingsOf['meetings'][number],
) {
  return e.classMeeting
    .put({
      classId: c.id,
      meetingId: m.id,
      title: c.title,
      startsAt: m.startsAt,
      endsAt: m.endsAt,
      online: c.online,
      ...(c.location ? { location: c.location } : {}),
    })
    .commit() as TxItem;
}

/** The items that put a class's meetings on the calendar (publication). */
export function meetingItems(e: TxEntities, c: MeetingsOf): TxItem[] {
  return [...c.meetings.map((m) => meetingItem(e, c, m)), ...busyDayItems({ add: busyOf(c) })];
}

/** The items that take a published class's meetings off the calendar (deletion). */
export function meetingRemovalItems(e: TxEntities, c: MeetingsOf): TxItem[] {
  return [
    ...c.meetings.map((m) => e.classMeeting.delete({ classId: c.id, meetingId: m.id }).commit() as TxItem),
    ...busyDayItems({ remove: busyOf(c) }),
  ];
}

interface MeetingRow {
  classId: string;
  meetingId: string;
  title: string;
  startsAt: string;
  endsAt: string;
  location?: string;
  online: boolean;
}

const toCalendarMeeting = (m: MeetingRow): CalendarMeeting => ({
  id: m.meetingId,
  classId: m.classId,
  title: m.title,
  startsAt: m.startsAt,
  endsAt: m.endsAt,
  location: m.location ?? null,
  online: m.online,
});

/** Every published class's meetings starting in [from, to), soonest first (one index query). */
export async function meetingsBetween(from: string, to: string): Promise<CalendarMeeting[]> {
  const { data } = await store()
    .entities.classMeeting.query.byDate({})
    .between({ startsAt: from }, { startsAt: to })
    .go({ pages: 'all' });
  return (data as MeetingRow[]).filter((m) => m.startsAt < to).map(toCalendarMeeting);
}

/** Removes a class item, and a published class's meetings from the calendar with it (one transaction). */
export async function removeClassItem(c: MeetingsOf): Promise<void> {
  if (c.status !== 'published') {
    await store().entities.groupClass.delete({ id: c.id }).go();
    return;
  }
  const { canceled } = await writeTransaction((e) => [
    e.groupClass.delete({ id: c.id }).commit() as TxItem,
    ...meetingRemovalItems(e, c),
  ]);
  if (canceled) throw new AppError('CONFLICT', CLASS_TEXTS.enrolFailed);
}

/**
 * The meeting of class `c` the trainer may still change (cancel or move): it exists (404), the class
 * is published, and the meeting is neither cancelled nor started (409, each with the action's own text).
 */
export function changeableMeeting<M extends { id: string; startsAt: string; cancelledAt?: string }>(
  c: { status: string; meetings: M[] },
  meetingId: string,
  now: number,
  texts: { draft: string; cancelled: string; started: string },
): M {
  const meeting = c.meetings.find((m) => m.id === meetingId);
  if (!meeting) throw new AppError('NOT_FOUND', CLASS_TEXTS.meetingNotFound);
  if (c.status !== 'published') throw new AppError('CONFLICT', texts.draft);
  if (meeting.cancelledAt) throw new AppError('CONFLICT', texts.cancelled);
  if (Date.parse(meeting.startsAt) <= now) throw new AppError('CONFLICT', texts.started);
  return meeting;
}
