import * as z from '../zod.js';
import {
  APPROVAL_MODES,
  BOOKING_NOTE_MAX,
  BUFFER_OPTIONS,
  CUTOFF_MAX_HOURS,
  HORIZON_MAX_DAYS,
  MAX_CLOSED_DATES,
  MAX_EXCEPTIONS,
  MAX_RANGES_PER_DAY,
  MIN_NOTICE_MAX_HOURS,
  minutesOfDay,
  OPEN_TIMES_MAX_WEEKS,
  BOOKING_TEXTS as T,
  type TimeRange,
} from './booking-options.js';
import { MAX_CLASS_OFFER_HOLD_HOURS } from './class-options.js';
import { SESSION_DURATIONS, SESSION_TYPES } from './session-options.js';

export * from './booking-options.js';

/**
 * Request schemas of online booking (docs/decisions/0034-online-booking.md). Unknown fields are refused
 * (strict objects): no caller sets a status, a client, a duration or a credit.
 */

const timeOfDay = z.string({ error: T.time }).check(z.regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, T.time));

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const date = z.string({ error: T.date }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, T.date), z.refine(isRealDate, T.date));

/** A day's ranges: each ends after it starts, none overlaps another. */
function sorted(ranges: readonly TimeRange[]) {
  return [...ranges].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
}
const dayRanges = z.array(z.strictObject({ start: timeOfDay, end: timeOfDay })).check(
  z.maxLength(MAX_RANGES_PER_DAY, `At most ${MAX_RANGES_PER_DAY} ranges per day`),
  z.refine((rs) => rs.every((r) => minutesOfDay(r.end) > minutesOfDay(r.start)), T.rangeOrder),
  z.refine(
    (rs) => sorted(rs).every((r, i, all) => i === 0 || minutesOfDay(r.start) >= minutesOfDay(all[i - 1].end)),
    T.rangeOverlap,
  ),
);

const wholeNumber = (max: number, message: string) =>
  z.number({ error: message }).check(z.int(message), z.gte(0, message), z.lte(max, message));

const CLASS_OFFER_HOLD_TEXT = `Class seat hold must be a whole number of hours from 1 to ${MAX_CLASS_OFFER_HOLD_HOURS}`;

/** PUT /api/settings/availability (admin): every availability setting at once. */
export const availabilityRequest = z.strictObject({
  weeklyHours: z.array(dayRanges).check(z.length(7, 'weeklyHours must have 7 days, Sunday first')),
  closedDates: z.array(date).check(
    z.maxLength(MAX_CLOSED_DATES, `At most ${MAX_CLOSED_DATES} days off`),
    z.refine((ds) => new Set(ds).size === ds.length, T.duplicateDayOff),
  ),
  exceptions: z.array(z.strictObject({ date, ranges: dayRanges })).check(
    z.maxLength(MAX_EXCEPTIONS, `At most ${MAX_EXCEPTIONS} exceptions`),
    z.refine((es) => new Set(es.map((e) => e.date)).size === es.length, T.duplicateDate),
  ),
  bookableTypes: z
    .array(
      z.strictObject({
        sessionType: z.enum(SESSION_TYPES, { error: `sessionType must be one of ${SESSION_TYPES.join(', ')}` }),
        durationMinutes: z.literal(SESSION_DURATIONS, {
          error: `Duration must be one of ${SESSION_DURATIONS.join(', ')} minutes`,
        }),
      }),
    )
    .check(
      z.maxLength(SESSION_TYPES.length),
      z.refine((ts) => new Set(ts.map((t) => t.sessionType)).size === ts.length, T.duplicateType),
    ),
  bufferMinutes: z.literal(BUFFER_OPTIONS, { error: `Buffer must be one of ${BUFFER_OPTIONS.join(', ')} minutes` }),
  minNoticeHours: wholeNumber(
    MIN_NOTICE_MAX_HOURS,
    `Minimum notice must be a whole number of hours from 0 to ${MIN_NOTICE_MAX_HOURS}`,
  ),
  horizonDays: z
    .number({ error: `Booking horizon must be a whole number of days from 1 to ${HORIZON_MAX_DAYS}` })
    .check(
      z.int(`Booking horizon must be a whole number of days from 1 to ${HORIZON_MAX_DAYS}`),
      z.gte(1, `Booking horizon must be a whole number of days from 1 to ${HORIZON_MAX_DAYS}`),
      z.lte(HORIZON_MAX_DAYS, `Booking horizon must be a whole number of days from 1 to ${HORIZON_MAX_DAYS}`),
    ),
  cancellationCutoffHours: wholeNumber(
    CUTOFF_MAX_HOURS,
    `Cancellation cut-off must be a whole number of hours from 0 to ${CUTOFF_MAX_HOURS}`,
  ),
  approval: z.enum(APPROVAL_MODES, { error: 'approval must be approval or instant' }),
  classOfferHoldHours: z.optional(
    z
      .number({ error: CLASS_OFFER_HOLD_TEXT })
      .check(
        z.int(CLASS_OFFER_HOLD_TEXT),
        z.gte(1, CLASS_OFFER_HOLD_TEXT),
        z.lte(MAX_CLASS_OFFER_HOLD_HOURS, CLASS_OFFER_HOLD_TEXT),
      ),
  ),
});

const instant = (message: string) =>
  z.string({ error: message }).check(
    z.maxLength(40, message),
    z.refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), message),
  );

/** GET /api/me/open-times: the open times of a bookable type from `from` (default now) for `weeks` (1 to 8). */
export const openTimesQuery = z.strictObject({
  /** Default: the first bookable type. */
  sessionType: z.optional(z.enum(SESSION_TYPES, { error: `sessionType must be one of ${SESSION_TYPES.join(', ')}` })),
  from: z.optional(instant('from must be a date and time with its offset (ISO 8601)')),
  weeks: z.optional(
    z.coerce
      .number({ error: `weeks must be a whole number from 1 to ${OPEN_TIMES_MAX_WEEKS}` })
      .check(
        z.int(`weeks must be a whole number from 1 to ${OPEN_TIMES_MAX_WEEKS}`),
        z.gte(1, `weeks must be a whole number from 1 to ${OPEN_TIMES_MAX_WEEKS}`),
        z.lte(OPEN_TIMES_MAX_WEEKS, `weeks must be a whole number from 1 to ${OPEN_TIMES_MAX_WEEKS}`),
      ),
  ),
});
export type OpenTimesQuery = z.infer<typeof openTimesQuery>;

const id = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .check(z.minLength(1, `${what} is required`), z.maxLength(100, `${what} is not valid`));

/** POST /api/me/bookings: a time for one of the caller's dogs and a bookable type. */
export const bookingRequest = z.strictObject({
  dogId: id('Dog'),
  sessionType: z.enum(SESSION_TYPES, { error: `sessionType must be one of ${SESSION_TYPES.join(', ')}` }),
  scheduledAt: instant('scheduledAt must be a date and time with its offset (ISO 8601)'),
});
export type BookingRequest = z.infer<typeof bookingRequest>;

/** POST /api/bookings/{id}/approve and /decline: an optional note to the client. */
export const bookingDecisionRequest = z.optional(
  z.strictObject({
    note: z.optional(
      z
        .string({ error: `The note must be at most ${BOOKING_NOTE_MAX} characters` })
        .check(z.trim(), z.maxLength(BOOKING_NOTE_MAX, `The note must be at most ${BOOKING_NOTE_MAX} characters`)),
    ),
  }),
);

/** POST /api/me/bookings/{id}/cancel carries nothing. */
export const emptyBookingAction = z.optional(z.strictObject({}));

export const bookingPathParams = z.object({ id: id('Booking id') });

/** GET /api/bookings: the pending requests (default) or the latest of another status. */
export const listBookingsQuery = z.strictObject({
  status: z.optional(z.enum(['pending', 'approved', 'declined', 'cancelled'] as const)),
});
