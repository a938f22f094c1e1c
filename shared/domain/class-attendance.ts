import {
  ATTENDANCE_TEXTS,
  type AttendanceRequest,
  type AttendanceView,
  CLASS_TEXTS,
  type ClassList,
  type ClassMeeting,
  type ClassRoster,
  type MeetingAttendance,
} from '../contracts/classes.js';
import { type RequirableVaccine, vaccinationGaps } from '../contracts/vaccination-options.js';
import { batchWriteAll } from '../db/batch.js';
import { store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { Conflict, retryOnConflict } from '../retry.js';
import { businessDate } from './business-time.js';
import { classRoster, type EnrolmentItem, getClass } from './classes.js';
import { findDog } from './dogs.js';
import { enrolmentId, findEnrolment } from './enrolments.js';

/**
 * Attendance of a group class's meetings (docs/decisions/0072-class-attendance.md). The trainer marks an
 * enrolled dog present or absent once the meeting has started, with a note for its owner. The first mark
 * of a dog for a meeting uses one of the credits its seat holds (held −1, and the seat's `creditsUsed` −1
 * so a later cancellation releases only what is still held), in the transaction that writes the mark on
 * condition none exists: twice, or present then absent, uses it once. Absent uses it too.
 */

export interface AttendanceItem {
  classId: string;
  meetingId: string;
  dogId: string;
  enrolmentId: string;
  clientId: string;
  startsAt: string;
  status: AttendanceView['status'];
  note?: string;
  creditUsed: boolean;
  markedAt: string;
  updatedAt: string;
}

const MARK_RETRY = { attempts: 4, firstDelayMs: 20, maxDelayMs: 200 };

const toMeetingAttendance = (a: AttendanceItem): MeetingAttendance => ({
  meetingId: a.meetingId,
  startsAt: a.startsAt,
  status: a.status,
  note: a.note ?? null,
});

export const toAttendanceView = (a: AttendanceItem): AttendanceView => ({
  ...toMeetingAttendance(a),
  classId: a.classId,
  dogId: a.dogId,
  enrolmentId: a.enrolmentId,
  creditUsed: a.creditUsed,
  markedAt: a.markedAt,
  updatedAt: a.updatedAt,
});

async function findAttendance(classId: string, meetingId: string, dogId: string) {
  const { data } = await store().entities.classAttendance.get({ classId, meetingId, dogId }).go({ consistent: true });
  return (data ?? undefined) as AttendanceItem | undefined;
}

/** The marks of one meeting of a class. */
export async function listMeetingAttendance(classId: string, meetingId: string): Promise<AttendanceItem[]> {
  const { data } = await store().entities.classAttendance.query.byMeeting({ classId, meetingId }).go({ pages: 'all' });
  return data as AttendanceItem[];
}

/** A client's marks, every class (their notes, export, full deletion). */
export async function listClientAttendance(clientId: string): Promise<AttendanceItem[]> {
  const { data } = await store().entities.classAttendance.query.byClient({ clientId }).go({ pages: 'all' });
  return data as AttendanceItem[];
}

const notEnrolled = () =>
  new AppError('VALIDATION', ATTENDANCE_TEXTS.notEnrolled, { dogId: [ATTENDANCE_TEXTS.notEnrolled] });

/** The first mark: the attendance (none yet), and the seat's held credit used while it still holds one. */
function firstMarkItems(e: TxEntities, record: Omit<AttendanceItem, 'markedAt' | 'updatedAt'>, seat: EnrolmentItem) {
  const put = e.classAttendance
    .put(record)
    .where(({ dogId }, { notExists }) => notExists(dogId))
    .commit() as TxItem;
  if (!record.creditUsed) {
    return [
      put,
      e.enrolment
        .check({ id: seat.id })
        .where(({ status }, { eq }) => eq(status, 'enrolled'))
        .commit() as TxItem,
    ];
  }
  return [
    put,
    e.enrolment
      .patch({ id: seat.id })
      .add({ creditsUsed: -1 })
      .where(({ status, creditsUsed }, { eq }) => `${eq(status, 'enrolled')} AND ${eq(creditsUsed, seat.creditsUsed)}`)
      .commit() as TxItem,
    e.sessionCredits.update({ profileId: seat.clientId }).add({ held: -1 }).commit() as TxItem,
  ];
}

/**
 * The trainer marks an enrolled dog present or absent for a meeting, with an optional note (none removes
 * it). NOT_FOUND for a class or meeting that does not exist; CONFLICT before the meeting has started;
 * VALIDATION for a dog without a seat in the class.
 */
export async function markAttendance(
  classId: string,
  meetingId: string,
  input: AttendanceRequest,
  now = Date.now(),
): Promise<AttendanceView> {
  const c = await getClass(classId);
  const meeting = c.meetings.find((m) => m.id === meetingId);
  if (!meeting) throw new AppError('NOT_FOUND', ATTENDANCE_TEXTS.meetingNotFound);
  if (meeting.cancelledAt) throw new AppError('CONFLICT', CLASS_TEXTS.meetingCancelled);
  if (Date.parse(meeting.startsAt) > now) throw new AppError('CONFLICT', ATTENDANCE_TEXTS.notStarted);
  const failed = new AppError('CONFLICT', ATTENDANCE_TEXTS.markFailed);
  const note = input.note ?? undefined;

  await retryOnConflict(async () => {
    const seat = await findEnrolment(enrolmentId(classId, input.dogId));
    if (seat?.status !== 'enrolled') throw notEnrolled();
    const existing = await findAttendance(classId, meetingId, input.dogId);
    if (existing) {
      await store()
        .entities.classAttendance.patch({ classId, meetingId, dogId: input.dogId })
        .set({ status: input.status, ...(note ? { note } : {}) })
        .remove([...(note ? [] : (['note'] as const))])
        .go();
      return;
    }
    const record = {
      classId,
      meetingId,
      dogId: input.dogId,
      enrolmentId: seat.id,
      clientId: seat.clientId,
      startsAt: meeting.startsAt,
      status: input.status,
      ...(note ? { note } : {}),
      creditUsed: seat.creditsUsed > 0,
    };
    const { canceled } = await writeTransaction((e) => firstMarkItems(e, record, seat));
    // Marked meanwhile (then this is a change), or the seat changed (cancelled, or another meeting's mark
    // used a credit): read both again.
    if (canceled) throw new Conflict(failed);
  }, MARK_RETRY);

  return toAttendanceView((await findAttendance(classId, meetingId, input.dogId)) as AttendanceItem);
}

/** The meeting a roster opens on: today's (business day), else the next, else the last. */
export function defaultMeeting(meetings: readonly ClassMeeting[], now = Date.now()): ClassMeeting | null {
  const today = businessDate(new Date(now));
  return meetings.find((m) => businessDate(m.startsAt) >= today) ?? meetings.at(-1) ?? null;
}

/**
 * GET /api/classes/{classId}/roster with a meeting (given, or the default one): each enrolled dog with
 * the class's required vaccines not in order on the meeting's date, and its mark and note.
 */
export async function meetingRoster(classId: string, meetingId?: string, now = Date.now()): Promise<ClassRoster> {
  const roster = await classRoster(classId);
  const c = roster.class;
  const meeting = meetingId ? c.meetings.find((m) => m.id === meetingId) : defaultMeeting(c.meetings, now);
  if (meetingId && !meeting) throw new AppError('NOT_FOUND', ATTENDANCE_TEXTS.meetingNotFound);
  if (!meeting) return { ...roster, meeting: null };
  const [marks, dogs] = await Promise.all([
    listMeetingAttendance(classId, meeting.id),
    Promise.all(roster.enrolled.map((e) => findDog(e.dogId))),
  ]);
  const byDog = new Map(marks.map((m) => [m.dogId, m]));
  const day = businessDate(meeting.startsAt);
  return {
    ...roster,
    meeting,
    enrolled: roster.enrolled.map((e, i) => {
      const expiries = (dogs[i] as { vaccineExpiries?: Partial<Record<RequirableVaccine, string>> } | undefined)
        ?.vaccineExpiries;
      const mark = byDog.get(e.dogId);
      return {
        ...e,
        vaccinationGaps: vaccinationGaps(expiries ?? {}, c.requiredVaccines, day),
        attendance: mark ? { status: mark.status, note: mark.note ?? null } : null,
      };
    }),
  };
}

/** GET /api/classes for a client: each of their enrolments with its marked meetings and notes (theirs only). */
export async function withClientAttendance(list: ClassList, clientId: string): Promise<ClassList> {
  if (!list.enrolments?.length) return list;
  const marks = await listClientAttendance(clientId);
  const byEnrolment = new Map<string, MeetingAttendance[]>();
  for (const m of marks.sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    byEnrolment.set(m.enrolmentId, [...(byEnrolment.get(m.enrolmentId) ?? []), toMeetingAttendance(m)]);
  }
  return {
    ...list,
    enrolments: list.enrolments.map((e) => ({ ...e, meetings: byEnrolment.get(e.id) ?? [] })),
  };
}

/** Removes a deleted class's marks (the class and its enrolments go in enrolments.ts deleteClass). */
export async function deleteClassAttendance(classId: string): Promise<void> {
  const { data } = await store().entities.classAttendance.query.byMeeting({ classId }).go({ pages: 'all' });
  const keys = (data as AttendanceItem[]).map(({ classId, meetingId, dogId }) => ({ classId, meetingId, dogId }));
  if (keys.length) {
    await batchWriteAll('class attendance', keys, (k) => store().entities.classAttendance.delete(k).go());
  }
}
