/**
 * Constants, response shapes and texts of online booking (docs/decisions/0034-online-booking.md), with
 * no runtime dependency: the web imports them without zod. Request schemas live in booking.ts.
 *
 * HTTP routes (shared/routes/booking.ts):
 *   GET  /api/settings/availability                    admin   AvailabilityResponse
 *   PUT  /api/settings/availability                    admin   AvailabilityResponse
 *   GET  /api/me/open-times?sessionType=&from=&weeks=  client  OpenTimesResponse
 *   GET  /api/me/bookings                              client  { items: BookingView[] } (own only)
 *   POST /api/me/bookings                              client  { booking: BookingView } 201
 *   POST /api/me/bookings/{id}/cancel                  client  { booking: BookingView }
 *   GET  /api/bookings?status=pending                  admin   { items: BookingView[] }
 *   POST /api/bookings/{id}/approve                    admin   { booking: BookingView }
 *   POST /api/bookings/{id}/decline                    admin   { booking: BookingView }
 * Realtime notice to admins and to the booking's client: `bookings.changed`.
 */
import { NEW_BOOKING_REQUEST_TEXT } from './booking-notice.js';
import type { SessionType } from './session-options.js';

/** A time of day in the business's zone, `HH:mm` (24:00 ends a day). */
export interface TimeRange {
  start: string;
  end: string;
}

/** The bookable session types: a type the client may choose, with its length. */
export interface BookableType {
  sessionType: SessionType;
  durationMinutes: number;
}

/** A date with its own hours (no ranges: closed that day). */
export interface AvailabilityException {
  date: string;
  ranges: TimeRange[];
}

export const APPROVAL_MODES = ['approval', 'instant'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** Settings → Business → Availability: when clients may book, in the business's time zone. */
export interface Availability {
  /** Seven lists of ranges, Sunday first. */
  weeklyHours: TimeRange[][];
  /** Dates (YYYY-MM-DD) with no bookable time. */
  closedDates: string[];
  /** Dates with hours of their own (they win over the week and the days off). */
  exceptions: AvailabilityException[];
  bookableTypes: BookableType[];
  /** Minutes kept free before and after every session. */
  bufferMinutes: number;
  /** How late a client may book: at least this many hours before the start. */
  minNoticeHours: number;
  /** How far ahead a client may book, in days. */
  horizonDays: number;
  /** A client may cancel until this many hours before the start (credit back); later, the credit is used. */
  cancellationCutoffHours: number;
  approval: ApprovalMode;
  /**
   * How long a freed class seat is held for the first on the waitlist, in hours (ADR 0071); absent:
   * DEFAULT_CLASS_OFFER_HOLD_HOURS (class-options.ts).
   */
  classOfferHoldHours?: number;
}

export interface AvailabilityResponse {
  availability: Availability;
}

/** Booked time is claimed in cells of this many minutes (buffers are multiples of it). */
/** `HH:mm` as minutes since midnight (24:00 is 1440). */
export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

export const SLOT_MINUTES = 15;
/** Open times start every this many minutes from the start of a working range. */
export const OPEN_TIME_STEP_MINUTES = 30;
export const BUFFER_OPTIONS = [0, 15, 30, 45, 60] as const;
export const MAX_RANGES_PER_DAY = 6;
export const MAX_CLOSED_DATES = 200;
export const MAX_EXCEPTIONS = 200;
export const MIN_NOTICE_MAX_HOURS = 24 * 30;
export const HORIZON_MAX_DAYS = 365;
export const CUTOFF_MAX_HOURS = 24 * 14;
/** The most weeks of open times one request returns. */
export const OPEN_TIMES_MAX_WEEKS = 8;

export const WEEKDAY_LABELS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const APPROVAL_LABELS: Record<ApprovalMode, string> = {
  approval: 'Requests need my approval',
  instant: 'Requests are confirmed at once',
};

export const DEFAULT_AVAILABILITY: Availability = {
  weeklyHours: [[], [], [], [], [], [], []],
  closedDates: [],
  exceptions: [],
  bookableTypes: [],
  bufferMinutes: 15,
  minNoticeHours: 24,
  horizonDays: 56,
  cancellationCutoffHours: 24,
  approval: 'approval',
};

/** GET /api/me/open-times: the open start times, as UTC instants, and the zone they were worked out in. */
export interface OpenTimesResponse {
  timeZone: string;
  /** What a client may book (none: online booking is off). */
  bookableTypes: BookableType[];
  /** The type the times are for (null when nothing is bookable). */
  sessionType: SessionType | null;
  durationMinutes: number;
  from: string;
  to: string;
  times: string[];
}

export const BOOKING_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

/** A booking request as the client and the trainer see it. */
export interface BookingView {
  id: string;
  clientId: string;
  clientName: string;
  dogId: string;
  dogName: string;
  sessionType: SessionType;
  scheduledAt: string;
  durationMinutes: number;
  status: BookingStatus;
  /** The session it became (approved, or confirmed at once). */
  sessionId?: string;
  /** The trainer's note with an approval or a decline. */
  note?: string;
  /** Whether the held credit was used by a late cancellation. */
  creditUsed?: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Realtime notice of a booking's change (to admins and to its client). */
export interface BookingsChangedNotice {
  type: 'bookings.changed';
  bookingId: string;
  status: BookingStatus;
}

/** Event detail of `BookingsChanged`. */
export interface BookingsChangedDetail {
  bookingId: string;
  clientId: string;
  status: BookingStatus;
  /** Set when the client has just asked (the trainer's devices get a notice): `pending`, or `approved` at once. */
  requested?: boolean;
}

export const BOOKING_NOTE_MAX = 1000;

export const BOOKING_TEXTS = {
  taken: 'That time was just taken',
  notOpen: 'That time is not open for booking',
  typeNotBookable: 'That session type cannot be booked online',
  noCredit: 'You have no session credits left. Buy a single session to book this time.',
  dogNotYours: 'Choose one of your dogs',
  notFound: 'Booking not found',
  onlyPending: 'Only a request awaiting approval can be approved or declined',
  cancelOnlyOpen: 'Only a pending or approved booking can be cancelled',
  sessionChanged: 'The session of this booking was changed by the trainer. Please reload.',
  changedMeanwhile: 'The booking was changed meanwhile. Please reload and try again.',
  requested: 'Your request was sent. The trainer will confirm it.',
  confirmed: 'Your session is booked.',
  approved: 'Request approved',
  declined: 'Request declined',
  cancelled: 'Booking cancelled',
  cancelledLate: 'Booking cancelled. It was within the cancellation window, so the credit was used.',
  newRequest: NEW_BOOKING_REQUEST_TEXT,
  rangeOrder: 'Each range must end after it starts',
  rangeOverlap: 'Ranges of one day must not overlap',
  time: 'Times must be HH:mm (00:00 to 24:00)',
  date: 'Dates must be YYYY-MM-DD',
  duplicateType: 'Each session type can be listed once',
  duplicateDate: 'Each date can have one exception',
  duplicateDayOff: 'Each day off can be listed once',
  saved: 'Availability saved successfully!',
  saveFailed: 'Failed to save availability. Please try again.',
  loadFailed: 'Failed to load open times',
  /** Book a session with nothing to book (online booking off, or every time taken): what to do instead. */
  noOpenTimes: 'There are no open times to book right now. Message the trainer and they will find a time with you.',
  messageTrainer: 'Email the trainer',
  messageSubject: 'Booking a session',
} as const;
