import { businessWallTime, inBusinessZone } from '../../../lib/business-zone';

/* The send time of a message as the forms hold it, and its checks (no Cloudscape: send-time-fields.tsx). */

/** A send time as the form holds it: a date (YYYY-MM-DD) and a time (HH:mm) in the business time zone. */
export interface SendTime {
  date: string;
  time: string;
}

export const NO_SEND_TIME: SendTime = { date: '', time: '' };
export const PAST_SEND_TIME = 'The send time must be in the future';
export const INCOMPLETE_SEND_TIME = 'Choose both a date and a time';

/** The form's send time as a UTC ISO instant, or why it cannot be used; both empty means "send now". */
export function checkSendTime(v: SendTime, now = Date.now()): { iso?: string; error?: string } {
  if (!v.date && !v.time) return {};
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.date);
  const t = /^(\d{2}):(\d{2})$/.exec(v.time);
  if (!d || !t) return { error: INCOMPLETE_SEND_TIME };
  const at = businessWallTime(+d[1], +d[2] - 1, +d[3], +t[1], +t[2]).getTime();
  if (at <= now) return { error: PAST_SEND_TIME };
  return { iso: new Date(at).toISOString() };
}

/** An instant's date and time in the business time zone (the edit form's starting values). */
export function sendTimeOf(iso: string | undefined): SendTime {
  if (!iso) return NO_SEND_TIME;
  // The zone's wall clock (TZDate's getters), written out by hand: compose loads no date formatting.
  const z = inBusinessZone(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${z.getFullYear()}-${two(z.getMonth() + 1)}-${two(z.getDate())}`,
    time: `${two(z.getHours())}:${two(z.getMinutes())}`,
  };
}
