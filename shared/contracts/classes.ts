import * as z from '../zod.js';
import {
  ATTENDANCE_STATUSES,
  ATTENDANCE_TEXTS,
  CLASS_DURATIONS,
  CLASS_VACCINATION_RULES,
  MAX_ATTENDANCE_NOTE,
  MAX_CANCEL_REASON,
  MAX_CLASS_CAPACITY,
  MAX_CLASS_CREDITS,
  MAX_CLASS_DESCRIPTION,
  MAX_CLASS_LOCATION,
  MAX_CLASS_PRICE,
  MAX_CLASS_TITLE,
  MAX_CLASS_WEEKS,
  MAX_MEETING_RANGE_DAYS,
  CLASS_TEXTS as T,
} from './class-options.js';
import { REQUIRABLE_VACCINES } from './vaccination-options.js';

export * from './class-options.js';

const DAY = 86_400_000;

/** Request schemas of group classes (unknown fields refused; no caller sets seats, status or meetings' ids). */

const whole = (max: number, message: string) =>
  z.number({ error: message }).check(z.int(message), z.gte(1, message), z.lte(max, message));

/** Trimmed text; empty or null is null. */
const optionalText = (max: number, message: string) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.pipe(
          z.string({ error: message }).check(z.maxLength(max, message)),
          z.transform((s: string) => s.trim()),
        ),
        z.transform((s: string) => (s === '' ? null : s)),
      ),
    ),
  );

/** Whole cents, checked on the value times 100 so 0.07 is not refused by float error. */
const inCents = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** A class's price in dollars; 0, null or left out: no price (credits only). */
const priceField = z.optional(
  z.nullable(
    z.pipe(
      z
        .number({ error: T.price })
        .check(z.gte(0, T.price), z.lte(MAX_CLASS_PRICE, T.price), z.refine(inCents, T.price)),
      z.transform((v: number) => (v === 0 ? null : Math.round(v * 100) / 100)),
    ),
  ),
);

/** POST /api/classes and PUT /api/classes/{classId}: the whole class. */
export const classRequest = z
  .strictObject({
    title: z.string({ error: T.title }).check(z.trim(), z.minLength(1, T.title), z.maxLength(MAX_CLASS_TITLE, T.title)),
    description: z.string({ error: T.description }).check(z.trim(), z.maxLength(MAX_CLASS_DESCRIPTION, T.description)),
    program: optionalText(100, T.program),
    credits: whole(MAX_CLASS_CREDITS, T.credits),
    price: priceField,
    capacity: whole(MAX_CLASS_CAPACITY, T.capacity),
    location: optionalText(MAX_CLASS_LOCATION, T.location),
    online: z.boolean({ error: T.online }),
    requiredVaccines: z
      .array(z.enum(REQUIRABLE_VACCINES, { error: T.requiredVaccines }), { error: T.requiredVaccines })
      .check(z.maxLength(REQUIRABLE_VACCINES.length, T.requiredVaccines)),
    vaccinationRule: z.enum(CLASS_VACCINATION_RULES, { error: T.vaccinationRule }),
    firstMeeting: z.iso.datetime({ offset: true, error: T.firstMeeting }),
    durationMinutes: z.literal(CLASS_DURATIONS, { error: T.duration }),
    weeks: whole(MAX_CLASS_WEEKS, T.weeks),
  })
  .check(z.refine((c) => c.online || !!c.location, { error: T.locationRequired, path: ['location'] }));
export type ClassRequest = z.infer<typeof classRequest>;

const pathId = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.minLength(1, `${label} is required`),
      z.maxLength(100, `${label} is not valid`),
      z.regex(/^[A-Za-z0-9_-]+$/, `${label} is not valid`),
    );

export const classPathParams = z.object({ classId: pathId('Class id') });
export const enrolmentPathParams = z.object({ enrolmentId: pathId('Enrolment id') });

/** POST /api/classes/{classId}/enrolments: which of the caller's dogs. */
export const enrolRequest = z.strictObject({ dogId: pathId('Dog id') });

/**
 * GET /api/class-meetings: the starts of the range (left out: from now, a month on), `to` after `from`;
 * at most MAX_MEETING_RANGE_DAYS from `from` are read.
 */
export const meetingRangeQuery = z
  .strictObject({
    from: z.optional(z.iso.datetime({ offset: true, error: T.meetingRange })),
    to: z.optional(z.iso.datetime({ offset: true, error: T.meetingRange })),
  })
  .check(
    z.refine((q) => !q.to || Date.parse(q.to) > (q.from ? Date.parse(q.from) : Date.now()), {
      error: T.meetingRange,
      path: ['to'],
    }),
  );

/** The instants a meeting range query reads: `to` defaulted and capped. */
export function meetingRange(q: { from?: string; to?: string }, now = Date.now()): { from: string; to: string } {
  const from = q.from ? Date.parse(q.from) : now;
  const to = Math.min(q.to ? Date.parse(q.to) : from + 31 * DAY, from + MAX_MEETING_RANGE_DAYS * DAY);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

export const meetingPathParams = z.object({ classId: pathId('Class id'), meetingId: pathId('Meeting id') });

/** GET /api/classes/{classId}/roster: which meeting's attendance (default today's or the next). */
export const rosterQuery = z.strictObject({ meetingId: z.optional(pathId('Meeting id')) });

/** PUT /api/classes/{classId}/meetings/{meetingId}/attendance: one dog's mark; no note removes the note. */
export const attendanceRequest = z.strictObject({
  dogId: pathId('Dog id'),
  status: z.enum(ATTENDANCE_STATUSES, { error: ATTENDANCE_TEXTS.status }),
  note: optionalText(MAX_ATTENDANCE_NOTE, ATTENDANCE_TEXTS.note),
});
export type AttendanceRequest = z.infer<typeof attendanceRequest>;

/** POST /api/classes/{classId}/meetings/{meetingId}/cancel: why, for the clients. */
export const cancelMeetingRequest = z.strictObject({
  reason: z
    .string({ error: T.cancelReason })
    .check(z.trim(), z.minLength(1, T.cancelReason), z.maxLength(MAX_CANCEL_REASON, T.cancelReason)),
});

/**
 * POST /api/classes/{classId}/meetings/{meetingId}/move: the new start (the meeting keeps its length);
 * `allowOverlap`: the trainer knowingly overlaps a session or another meeting (the dialog's "Move anyway").
 */
export const moveMeetingRequest = z.strictObject({
  startsAt: z.iso.datetime({ offset: true, error: T.meetingMoveStart }),
  allowOverlap: z.optional(z.boolean({ error: T.allowOverlap })),
});
export type MoveMeetingRequest = z.infer<typeof moveMeetingRequest>;

/** POST /api/enrolments/{enrolmentId}/accept: nothing to send (no field may be set). */
export const acceptOfferRequest = z.optional(z.strictObject({}));
