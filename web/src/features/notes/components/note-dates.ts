import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** The business time zone (Portal conventions: instants shown in the business time zone). */
const BUSINESS_TIME_ZONE = 'America/New_York';

/** An instant as the trainer reads it, e.g. `Mar 1, 2025 10:30 AM ET`. */
export function formatNoteTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${format(new TZDate(d, BUSINESS_TIME_ZONE), 'MMM d, yyyy h:mm a')} ET`;
}
