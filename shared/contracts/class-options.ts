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
 *   DELETE /api/enrolments/{enrolmentId}         signed-in  { enrolment } (the client's own; the trainer any)
 *   PUT    /api/classes/{classId}/meetings/{meetingId}/attendance  admin  { attendance } (docs/decisions/0072-class-attendance.md)
 */

import type { RequirableVaccine, VaccinationGap } from './vaccination-options.js';

export const CLASS_STATUSES = ['draft', 'published'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];
export const CLASS_STATUS_LABELS: Record<ClassStatus, string> = { draft: 'Draft', published: 'Published' };

export const ENROLMENT_STATUSES = ['enrolled', 'waitlisted', 'cancelled'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];
export const ENROLMENT_STATUS_LABELS: Record<EnrolmentStatus, string> = {
  enrolled: 'Enrolled',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
};

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
} as const;

export interface ClassMeeting {
  id: string;
  startsAt: string;
  endsAt: string;
}

/** A class as the trainer sees it; a client sees the same without the draft ones. */
export interface ClassView {
  id: string;
  title: string;
  /** Markdown. */
  description: string;
  program: string | null;
  credits: number;
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

/** GET /api/classes/{classId}/roster: enrolled dogs (with owners' contacts) and the waitlist in order. */
export interface ClassRoster {
  class: ClassView;
  /** The meeting whose attendance the enrolled entries carry (null when the class has none). */
  meeting?: ClassMeeting | null;
  enrolled: RosterEntry[];
  waitlist: RosterEntry[];
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
