import { format } from 'date-fns';
import { inBusinessZone } from './business-zone';

/** A calendar date (YYYY-MM-DD) or an instant as a readable date, e.g. `Apr 10, 2021`. */
export function formatDogDate(value: string | undefined, empty = '-'): string {
  if (!value) return empty;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return format(new Date(y, m - 1, d), 'MMM d, yyyy');
  }
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : format(inBusinessZone(at), 'MMM d, yyyy');
}
