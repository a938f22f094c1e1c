import { format } from 'date-fns';
import { inBusinessZone, zoneLabel } from './business-zone';

// Dates, instants and names as the portal shows them (Portal conventions).

export { fullName, REDIRECT_DELAY_MS } from './portal-text';

/** An instant as the trainer reads it, in the business time zone (e.g. `Mar 1, 2025 10:30 AM ET`; business-zone.tsx). */
export function formatDateTime(iso: string | undefined): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${format(inBusinessZone(d), 'MMM d, yyyy h:mm a')} ${zoneLabel(d)}`;
}

/** A date without the time, in the business time zone. */
export function formatDate(iso: string | undefined): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return format(inBusinessZone(d), 'MMM d, yyyy');
}
