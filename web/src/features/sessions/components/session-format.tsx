import { format } from 'date-fns';
import type { CalendarMeeting } from '#shared/contracts/class-options';
import {
  HOMEWORK_PREVIEW_CHARS,
  type HomeworkOption,
  SESSION_STATUS_LABELS,
  SESSION_TYPE_LABELS,
  type SessionStatus,
  type SessionView,
} from '#shared/contracts/session-options';
import { CLASS_PATHS } from '../../../app/portal-paths';
import { businessWallTime, inBusinessZone, zoneLabel } from '../../../lib/business-zone';
import { formatDateTime } from '../../../lib/format';

/** Formatting of sessions: every instant is shown in the business time zone (date-fns + @date-fns/tz). */

export const SESSIONS_PATH = '/dashboard/sessions';
export const CREATE_SESSION_PATH = '/dashboard/sessions/create';
export const editSessionPath = (id: string) => `/dashboard/sessions/${encodeURIComponent(id)}/edit`;

export const LOAD_SESSIONS_FAILED = 'Failed to load sessions';
export const LOAD_MEETINGS_FAILED = 'Failed to load class meetings';

export const typeLabel = (s: Pick<SessionView, 'sessionType'>) => SESSION_TYPE_LABELS[s.sessionType] ?? s.sessionType;
export const statusLabel = (status: SessionStatus) => SESSION_STATUS_LABELS[status] ?? status;
export const durationLabel = (minutes: number) => `${minutes} minutes`;

const inZone = (iso: string | Date) => inBusinessZone(iso);

/** `Mar 9, 2026 10:30 AM ET`. */
export const formatStart = (s: Pick<SessionView, 'scheduledAt'>) => formatDateTime(s.scheduledAt);

/** `10:30 AM`, in the business time zone. */
export const formatTime = (iso: string) => format(inZone(iso), 'h:mm a');

/** `Monday, March 9, 2026`, in the business time zone. */
export const formatLongDate = (iso: string | Date) => format(inZone(iso), 'EEEE, MMMM d, yyyy');

/** `10:30 AM - 11:30 AM ET`. */
export const formatTimeRange = (s: Pick<SessionView, 'scheduledAt' | 'endsAt'>) =>
  `${formatTime(s.scheduledAt)} - ${formatTime(s.endsAt)} ${zoneLabel(new Date(s.scheduledAt))}`;

/** The business-time-zone day of an instant, `yyyy-MM-dd` (the calendar's cells). */
export const dayKey = (iso: string | Date) => format(inZone(iso), 'yyyy-MM-dd');

/** Today in the business time zone, `yyyy-MM-dd`. */
export const todayKey = (now = Date.now()) => format(inBusinessZone(now), 'yyyy-MM-dd');

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** A date (`yyyy-MM-dd`) and time (`HH:mm`) read in the business time zone, as a UTC ISO instant. */
export function businessInstant(date: string, time = '00:00'): string | undefined {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t || +t[1] > 23 || +t[2] > 59) return undefined;
  const at = businessWallTime(+d[1], +d[2] - 1, +d[3], +t[1], +t[2]);
  // A date that does not exist (Feb 30) rolls over: refuse it.
  if (Number.isNaN(at.getTime()) || format(at, 'yyyy-MM-dd') !== date) return undefined;
  return new Date(at.getTime()).toISOString();
}

/** The business-time-zone day of `date` as a [from, to) range of UTC instants. */
export function dayRange(date: string): { from: string; to: string } | undefined {
  const d = DATE.exec(date);
  if (!d) return undefined;
  const from = businessWallTime(+d[1], +d[2] - 1, +d[3]);
  const to = businessWallTime(+d[1], +d[2] - 1, +d[3] + 1);
  return { from: new Date(from.getTime()).toISOString(), to: new Date(to.getTime()).toISOString() };
}

/** A session's start as the form holds it: date and time in the business time zone. */
export function formFieldsOf(iso: string): { date: string; time: string } {
  const z = inZone(iso);
  return { date: format(z, 'yyyy-MM-dd'), time: format(z, 'HH:mm') };
}

/** SPEC 4: a client may confirm a future scheduled session. */
export const canConfirm = (s: Pick<SessionView, 'status' | 'scheduledAt'>, now = Date.now()) =>
  s.status === 'scheduled' && new Date(s.scheduledAt).getTime() > now;

/** The trainer may cancel a session that is still going to happen. */
export const canCancel = (s: Pick<SessionView, 'status'>) => s.status === 'scheduled' || s.status === 'confirmed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MISSING_HOMEWORK = '(Message not found - may have been deleted)';

/** SPEC 8: an assigned homework id without its message reads as deleted if it is a UUID, else as itself. */
export const unknownHomeworkLabel = (id: string) => (UUID.test(id) ? MISSING_HOMEWORK : id);

/** The first 200 characters of a message (SPEC 5). */
export const homeworkPreview = (h: Pick<HomeworkOption, 'preview'>) =>
  h.preview.length > HOMEWORK_PREVIEW_CHARS ? `${h.preview.slice(0, HOMEWORK_PREVIEW_CHARS)}...` : h.preview;

/** A session named in a confirmation or an action's label: "Rex (Jane Doe) on …". */
export const sessionWho = (s: SessionView) => `${s.dogName} (${s.clientName}) on ${formatStart(s)}`;

/** A class's roster (the trainer's), where a class meeting on a calendar leads. */
export const classRosterPath = (classId: string) => CLASS_PATHS.roster.replace(':id', encodeURIComponent(classId));

/** Where a class meets: "Online" or its location. */
export const meetingPlace = (m: Pick<CalendarMeeting, 'online' | 'location'>) =>
  m.online ? 'Online' : (m.location ?? '');

/** `10:30 AM - 11:30 AM ET` of a class meeting. */
export const meetingTimeRange = (m: Pick<CalendarMeeting, 'startsAt' | 'endsAt'>) =>
  formatTimeRange({ scheduledAt: m.startsAt, endsAt: m.endsAt });
