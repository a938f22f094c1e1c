import { formatDateTime } from '../../../lib/format';

/** An instant as the trainer reads it, in the business time zone, e.g. `Mar 1, 2025 10:30 AM ET`. */
export const formatNoteTime = (iso: string): string => formatDateTime(iso);
