import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { type ContactSubmission, PROGRAM_OPTIONS } from '../../../../../shared/contracts/contact-options';

/** The business time zone (Portal conventions: instants shown in the business time zone). */
const BUSINESS_TIME_ZONE = 'America/New_York';

export const programLabel = (value: string) => PROGRAM_OPTIONS.find((o) => o.value === value)?.label ?? value;

export const fullName = (s: Pick<ContactSubmission, 'firstName' | 'lastName'>) => `${s.firstName} ${s.lastName}`.trim();

export const sexLabel = (sex: string | undefined) => (sex === 'male' ? 'Male' : sex === 'female' ? 'Female' : '');

/** An instant as the trainer reads it, e.g. `Mar 1, 2025 10:30 AM ET`. */
export function formatInstant(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${format(new TZDate(d, BUSINESS_TIME_ZONE), 'MMM d, yyyy h:mm a')} ET`;
}

/** A calendar date (YYYY-MM-DD), e.g. `Feb 1, 2022`. */
export function formatDay(day: string): string {
  // A calendar day (YYYY-MM-DD) read as that day in local time (date-time forms without an offset are local).
  const d = new Date(`${day}T00:00:00`);
  return Number.isNaN(d.getTime()) ? day : format(d, 'MMM d, yyyy');
}
