import { format } from 'date-fns';
import { type ContactSubmission, PROGRAM_OPTIONS } from '#shared/contracts/contact-options';
import { formatDateTime } from '../../../lib/format';

export const programLabel = (value: string) => PROGRAM_OPTIONS.find((o) => o.value === value)?.label ?? value;

export const fullName = (s: Pick<ContactSubmission, 'firstName' | 'lastName'>) => `${s.firstName} ${s.lastName}`.trim();

export const sexLabel = (sex: string | undefined) => (sex === 'male' ? 'Male' : sex === 'female' ? 'Female' : '');

/** An instant as the trainer reads it, in the business time zone, e.g. `Mar 1, 2025 10:30 AM ET`. */
export const formatInstant = (iso: string): string => formatDateTime(iso);

/** A calendar date (YYYY-MM-DD), e.g. `Feb 1, 2022`. */
export function formatDay(day: string): string {
  // A calendar day (YYYY-MM-DD) read as that day in local time (date-time forms without an offset are local).
  const d = new Date(`${day}T00:00:00`);
  return Number.isNaN(d.getTime()) ? day : format(d, 'MMM d, yyyy');
}
