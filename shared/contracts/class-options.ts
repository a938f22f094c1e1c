/**
 * Constants, response shapes and texts of group classes (docs/decisions/0070-group-classes.md), with no
 * runtime dependency: the web imports them. Request schemas live in classes.ts and use the same texts.
 *
 * HTTP routes (shared/routes/classes.ts):
 *   GET    /api/classes                          signed-in  ClassList (trainer: every class; client: published upcoming, with their enrolments)
 *   POST   /api/classes                          admin      { class }  (a draft)
 *   GET    /api/classes/{classId}                signed-in  { class }  (a client: published only)
 *   PUT    /api/classes/{classId}                admin      { class }
 *   DELETE /api/classes/{classId}                admin      204 (enrolled clients' credits given back)
 *   POST   /api/classes/{classId}/publish        admin      { class }
 *   GET    /api/classes/{classId}/roster         admin      ClassRoster (?meetingId=: that meeting's attendance; default today's or the next)
 *   POST   /api/classes/{classId}/enrolments     client     { enrolment, class } (a seat, or a waitlist place when full)
 *   DELETE /api/enrolments/{enrolmentId}         signed-in  { enrolment } (the client's own; the trainer any; an offer declined)
 *   POST   /api/enrolments/{enrolmentId}/accept  client     { enrolment } (an offered seat taken, its credits held)
 *   POST   /api/payments/checkout { classId, dogId }  client  a priced class paid for: its credits, then the seat
 *   PUT    /api/classes/{classId}/meetings/{meetingId}/attendance  admin  { attendance } (docs/decisions/0072-class-attendance.md)
 *   POST   /api/classes/{classId}/meetings/{meetingId}/cancel  admin  { class } (the seat holders told why)
 *   POST   /api/classes/{classId}/meetings/{meetingId}/move    admin  { class } (the seat holders told the new time)
 *   GET    /api/class-meetings?from=&to=         signed-in  ClassMeetingList (trainer: every published class's; client: their seats')
 *
 * Waitlist offers (docs/decisions/0071-class-waitlist-offers.md): a freed seat is held for the first on
 * the waitlist (`offered`, until `offerExpiresAt`); taken, declined or lapsed, it passes on.
 */

import type { RequirableVaccine, VaccinationGap } from './vaccination-options.js';

export const CLASS_STATUSES = ['draft', 'published'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];
export const CLASS_STATUS_LABELS: Record<ClassStatus, string> = { draft: 'Draft', published: 'Published' };

export const ENROLMENT_STATUSES = ['enrolled', 'waitlisted', 'offered', 'cancelled'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];
export const ENROLMENT_STATUS_LABELS: Record<EnrolmentStatus, string> = {
  enrolled: 'Enrolled',
  waitlisted: 'Waitlisted',
  offered: 'Seat offered',
  cancelled: 'Cancelled',
};

/** How long a freed seat is held for the first on the waitlist (Settings → Availability, `classOfferHoldHours`). */
export const DEFAULT_CLASS_OFFER_HOLD_HOURS = 24;
export const MAX_CLASS_OFFER_HOLD_HOURS = 24 * 7;

/** What an enrolment does when the dog's required vaccinations are not in order through the last meeting. */
export const CLASS_VACCINATION_RULES = ['warn', 'refuse'] as const;
export type ClassVaccinationRule = (typeof CLASS_VACCINATION_RULES)[number];

export const CLASS_DURATIONS = [30, 45, 60, 90, 120] as const;
export const MAX_CLASS_WEEKS = 26;
export const MAX_CLASS_CAPACITY = 50;
export const MAX_CLASS_CREDITS = 50;
export const MAX_CLASS_TITLE = 120;
export const MAX_CLASS_DESCRIPTION = 5000;
export const MAX_CLASS_LOCATION = 200;
/** GET /api/class-meetings reads at most this many days at once (a month view with its edges). */
export const MAX_MEETING_RANGE_DAYS = 62;

export const MAX_CANCEL_REASON = 500;

/** The highest price of a class, in dollars (docs/decisions/0076-paying-for-a-class.md). */
export const MAX_CLASS_PRICE = 10_000;

export const CLASS_TEXTS = {
  title: `Title is required (at most ${MAX_CLASS_TITLE} characters)`,
  description: `Description must be at most ${MAX_CLASS_DESCRIPTION} characters`,
  program: 'program must be a program id or null',
  credits: `Credits must be a whole number from 1 to ${MAX_CLASS_CREDITS}`,
  capacity: `Capacity must be a whole number from 1 to ${MAX_CLASS_CAPACITY}`,
  location: `Location must be at most ${MAX_CLASS_LOCATION} characters`,
  locationRequired: 'Give a location, or mark the class as online',
  online: 'online must be true or false',
  requiredVaccines: 'requiredVaccines must be a list of requirable vaccines',
  vaccinationRule: `vaccinationRule must be one of ${CLASS_VACCINATION_RULES.join(', ')}`,
  firstMeeting: 'firstMeeting must be a date and time with its offset (ISO 8601)',
  firstMeetingPast: 'The first meeting cannot be in the past',
  duration: `Duration must be one of ${CLASS_DURATIONS.join(', ')} minutes`,
  weeks: `Weeks must be a whole number from 1 to ${MAX_CLASS_WEEKS}`,
  notFound: 'Class not found',
  enrolmentNotFound: 'Enrolment not found',
  scheduleLocked: "A published class keeps its meetings; change the class's schedule before publishing it",
  capacityBelowSeats: 'Capacity cannot be below the number of dogs enrolled',
  alreadyPublished: 'The class is already published',
  noMeetingsLeft: 'The class has no meeting left to publish',
  notOpen: 'This class is not open for enrolment',
  started: 'This class has already started',
  alreadyEnrolled: 'This dog is already enrolled or on the waitlist',
  dogNotYours: 'The dog must be one of your dogs',
  notEnoughCredits: 'You do not have enough session credits for this class',
  alreadyCancelled: 'This enrolment is already cancelled',
  enrolFailed: 'Failed to enrol. Please try again.',
  cancelReason: `Give the reason the clients will read (at most ${MAX_CANCEL_REASON} characters)`,
  meetingNotFound: 'Meeting not found',
  meetingCancelled: 'This meeting is already cancelled',
  meetingStarted: 'A meeting that has started cannot be cancelled',
  meetingDraft: "A draft's meetings change with its schedule; cancel meetings of a published class",
  meetingMoveStart: 'startsAt must be a date and time with its offset (ISO 8601)',
  allowOverlap: 'allowOverlap must be true or false',
  meetingMovePast: 'The new time cannot be in the past',
  meetingMoveStarted: 'A meeting that has started cannot be moved',
  meetingMoveCancelled: 'A cancelled meeting cannot be moved',
  meetingMoveDraft: "A draft's meetings change with its schedule; move meetings of a published class",
  meetingOverlaps: 'The new time overlaps another session or class meeting',
  meetingOverlapsMany: 'The new time overlaps other sessions or class meetings',
  meetingMoveFailed: 'Failed to move the meeting. Please try again.',
  meetingRange: 'from and to must be dates and times with their offsets, to after from',
  notOffered: 'This enrolment has no seat offered',
  offerExpired: 'The seat offer has expired and passed to the next on the waitlist',
  offerCredits:
    'You do not have enough session credits to take this seat. Add credits and try again before the offer ends.',
  price: `Price must be a number of dollars from 0 to ${MAX_CLASS_PRICE}, in steps of 0.01`,
  notForSale: 'This class is not sold for money: enrol with session credits',
  payChoice: 'Give a service, or a class and the dog to enrol',
} as const;

/** The portal message, push notice and e-mail of a seat offer (`deadline` in the business time zone). */
export const CLASS_OFFER_TEXTS = {
  subject: (classTitle: string) => `A seat is free in ${classTitle}`,
  line: (dogName: string, classTitle: string, deadline: string) =>
    `A seat is free in ${classTitle} and it is held for ${dogName} until ${deadline}. ` +
    'Take it (the class’s credits are then held) or decline it in your classes; if you do neither, ' +
    'it passes to the next on the waitlist.',
  seatIsYours: (deadline: string) => `A seat is yours until ${deadline}`,
  link: '/dashboard/classes',
} as const;

/** The id of a class's card among the client's classes: the public page's Enrol links there (`#class-<id>`). */
export const classCardAnchor = (classId: string) => `class-${classId}`;

/** What one dog's seat costs: `6 credits`, or `$180.00 or 6 credits` for a priced class. */
export function seatCostText(c: { credits: number; price: number | null }): string {
  const credits = c.credits === 1 ? '1 credit' : `${c.credits} credits`;
  return c.price ? `$${c.price.toFixed(2)} or ${credits}` : credits;
}

export interface ClassMeeting {
  id: string;
  startsAt: string;
  endsAt: string;
  /** A meeting the trainer cancelled, and why (the enrolled clients were told). */
  cancelled?: { at: string; reason: string };
}

/** A class as the trainer sees it; a client sees the same without the draft ones. */
export interface ClassView {
  id: string;
  title: string;
  /** Markdown. */
  description: string;
  program: string | null;
  credits: number;
  /**
   * Dollars a seat costs through the checkout (the payment gives the class's credits and enrols the dog,
   * docs/decisions/0076-paying-for-a-class.md); null: credits only.
   */
  price: number | null;
  capacity: number;
  seatsTaken: number;
  seatsLeft: number;
  waitlisted: number;
  location: string | null;
  online: boolean;
  requiredVaccines: RequirableVaccine[];
  vaccinationRule: ClassVaccinationRule;
  durationMinutes: number;
  weeks: number;
  status: ClassStatus;
  meetings: ClassMeeting[];
  createdAt: string;
  updatedAt: string;
}

export interface EnrolmentView {
  id: string;
  classId: string;
  classTitle: string;
  clientId: string;
  clientName: string;
  dogId: string;
  dogName: string;
  status: EnrolmentStatus;
  /** The place on the waitlist (1 first) while waitlisted. */
  position: number | null;
  /** Until when an offered seat is held (UTC instant); null unless offered. */
  offerExpiresAt: string | null;
  creditsUsed: number;
  createdAt: string;
  /** GET /api/classes for a client: the marked meetings of their own enrolment, with the trainer's notes. */
  meetings?: MeetingAttendance[];
}

/** GET /api/classes: a client also gets their own enrolments (not cancelled) of the classes listed. */
export interface ClassList {
  classes: ClassView[];
  enrolments?: EnrolmentView[];
}

/** POST /api/classes/{classId}/enrolments: `warning` when the dog's vaccinations are not in order (rule `warn`). */
export interface EnrolResponse {
  enrolment: EnrolmentView;
  class: ClassView;
  warning?: string;
}

/** GET /api/classes/{classId}/roster: enrolled dogs (with owners' contacts), open offers and the waitlist in order. */
export interface ClassRoster {
  class: ClassView;
  /** The meeting whose attendance the enrolled entries carry (null when the class has none). */
  meeting?: ClassMeeting | null;
  enrolled: RosterEntry[];
  /** Seats held for the waitlist, each with its `offerExpiresAt`. */
  offered: RosterEntry[];
  waitlist: RosterEntry[];
  /** The paid checkouts of this class (docs/decisions/0076-paying-for-a-class.md): what to refund if it goes. */
  payments: ClassPayment[];
}

/** A paid checkout of a priced class's seat, as the trainer's roster lists it. */
export interface ClassPayment {
  id: string;
  clientId: string;
  clientName: string;
  /** The item as paid: "<class title> (<dog>)". */
  serviceName: string;
  amountCents: number;
  paidAt: string | null;
}

export interface RosterEntry extends EnrolmentView {
  email: string | null;
  phone: string | null;
  /** For the roster's meeting: the class's required vaccines not in order on its date (empty: in order). */
  vaccinationGaps?: VaccinationGap[];
  /** For the roster's meeting: the mark and note, null when not marked. */
  attendance?: { status: AttendanceStatus; note: string | null } | null;
}

/** Attendance of a class's meetings (docs/decisions/0072-class-attendance.md). */
export const ATTENDANCE_STATUSES = ['present', 'absent'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = { present: 'Present', absent: 'Absent' };
export const MAX_ATTENDANCE_NOTE = 5000;

export const ATTENDANCE_TEXTS = {
  status: `status must be one of ${ATTENDANCE_STATUSES.join(', ')}`,
  note: `The note must be at most ${MAX_ATTENDANCE_NOTE} characters`,
  meetingNotFound: 'Meeting not found',
  notStarted: 'A meeting can be marked once it has started',
  notEnrolled: 'This dog is not enrolled in the class',
  markFailed: 'Failed to mark attendance. Please try again.',
} as const;

/** A dog's mark for one meeting (PUT …/attendance answers it; the client's enrolment lists theirs). */
export interface MeetingAttendance {
  meetingId: string;
  startsAt: string;
  status: AttendanceStatus;
  note: string | null;
}

export interface AttendanceView extends MeetingAttendance {
  classId: string;
  dogId: string;
  enrolmentId: string;
  /** Whether the first mark used one of the credits the seat held. */
  creditUsed: boolean;
  markedAt: string;
  updatedAt: string;
}

/** The seats line of a class: "N seats left" or "Full — join the waitlist". */
export function seatsLine(c: Pick<ClassView, 'seatsLeft'>): string {
  if (c.seatsLeft <= 0) return 'Full — join the waitlist';
  return c.seatsLeft === 1 ? '1 seat left' : `${c.seatsLeft} seats left`;
}

/** A class meeting on a calendar (the trainer's calendar and agenda, a client's sessions). */
export interface CalendarMeeting {
  /** The meeting's id. */
  id: string;
  classId: string;
  title: string;
  startsAt: string;
  endsAt: string;
  location: string | null;
  online: boolean;
  /** A client's own dogs in the class (their list only). */
  dogNames?: string[];
}

/** GET /api/class-meetings: meetings starting in [from, to), soonest first. */
export interface ClassMeetingList {
  meetings: CalendarMeeting[];
}

/** The message the seat holders get when the trainer cancels a meeting (`when` in the business time zone). */
export const MEETING_CANCELLED_TEXTS = {
  subject: (classTitle: string) => `Class meeting cancelled - ${classTitle}`,
  line: (classTitle: string, when: string) => `The ${classTitle} meeting on ${when} is cancelled.`,
  reason: (reason: string) => `Reason: ${reason}`,
};

/** The message the seat holders get when the trainer moves a meeting (times in the business time zone). */
export const MEETING_MOVED_TEXTS = {
  subject: (classTitle: string) => `Class meeting moved - ${classTitle}`,
  line: (classTitle: string, from: string, to: string) =>
    `The ${classTitle} meeting on ${from} is moved to ${to}. The other meetings stay as they are.`,
};
