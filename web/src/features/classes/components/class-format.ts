import { format } from 'date-fns';
import { CLASS_STATUS_LABELS, type ClassView, type EnrolmentView } from '#shared/contracts/class-options';
import { CLASS_PATHS } from '../../../app/portal-paths';
import { inBusinessZone, zoneLabel } from '../../../lib/business-zone';
import { formatDateTime } from '../../../lib/format';

/** Paths and texts of group classes; every instant is shown in the business time zone. */

export const CLASSES_PATH = CLASS_PATHS.list;
export const CREATE_CLASS_PATH = CLASS_PATHS.create;
export const editClassPath = (id: string) => CLASS_PATHS.edit.replace(':id', encodeURIComponent(id));
export const rosterPath = (id: string) => CLASS_PATHS.roster.replace(':id', encodeURIComponent(id));

export const LOAD_CLASSES_FAILED = 'Failed to load classes';

export const statusLabel = (c: Pick<ClassView, 'status'>) => CLASS_STATUS_LABELS[c.status] ?? c.status;

/** The first meeting's start (a class always has one; the list's fallback is a dash). */
export const firstStart = (c: Pick<ClassView, 'meetings'>) => c.meetings[0]?.startsAt;

/** `Mar 9, 2026 6:00 PM ET`. */
export const formatFirstMeeting = (c: Pick<ClassView, 'meetings'>) => formatDateTime(firstStart(c));

/** `Tue 8 Dec, 6:00 PM`: a meeting's start, short (the screen names the zone once). */
export const formatMeeting = (iso: string) => format(inBusinessZone(iso), 'EEE d MMM, h:mm a');

/** `Tue 8 Dec 2026, 6:00 – 7:00 PM ET`: a meeting of the roster. */
export function formatMeetingRange(m: { startsAt: string; endsAt: string }): string {
  const start = inBusinessZone(m.startsAt);
  return `${format(start, 'EEE d MMM yyyy, h:mm a')} – ${format(inBusinessZone(m.endsAt), 'h:mm a')} ${zoneLabel(new Date(m.startsAt))}`;
}

/** `6 weeks from Tue 8 Dec, 6:00 PM` (`1 week on …` for a single meeting). */
export function meetingsSummary(c: Pick<ClassView, 'meetings' | 'weeks'>): string {
  const start = firstStart(c);
  const weeks = c.weeks === 1 ? '1 week' : `${c.weeks} weeks`;
  if (!start) return weeks;
  return `${weeks} ${c.weeks === 1 ? 'on' : 'from'} ${formatMeeting(start)}`;
}

export const creditsLabel = (n: number) => (n === 1 ? '1 credit' : `${n} credits`);

export const whereLabel = (c: Pick<ClassView, 'online' | 'location'>) =>
  c.online ? (c.location ? `Online · ${c.location}` : 'Online') : (c.location ?? '');

/** `Mar 9, 2026 6:00 PM ET`: until when an offered seat is held. */
export const formatOfferDeadline = (iso: string | null) => (iso ? formatDateTime(iso) : '');

/** What an enrolment says on its class's card: "Rex is enrolled" or "Rex is on the waitlist, place 3". */
export function enrolmentText(e: Pick<EnrolmentView, 'dogName' | 'status' | 'position'>): string {
  if (e.status === 'waitlisted') return `${e.dogName} is on the waitlist${e.position ? `, place ${e.position}` : ''}`;
  if (e.status === 'cancelled') return `${e.dogName}'s enrolment is cancelled`;
  if (e.status === 'offered') return `${e.dogName} is offered a seat`;
  return `${e.dogName} is enrolled`;
}
