import type { PublicClass } from '#shared/contracts/public-classes';

/**
 * Dates and times of a class on the public site, in the business time zone the pages were rendered with
 * (Intl only: the page code adds no date library).
 */

const formatter = (timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone, ...options });

/** `Tue, Mar 10, 2026`. */
export const meetingDay = (iso: string, timeZone: string) =>
  formatter(timeZone, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));

/** `6:00 PM – 7:00 PM EDT`. */
export function meetingHours(m: { startsAt: string; endsAt: string }, timeZone: string): string {
  const start = formatter(timeZone, { hour: 'numeric', minute: '2-digit' }).format(new Date(m.startsAt));
  const end = formatter(timeZone, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(
    new Date(m.endsAt),
  );
  return `${start} – ${end}`;
}

/** `Tuesdays, 6:00 PM – 7:00 PM EDT` (a single meeting: `6:00 PM – 7:00 PM EDT`). */
export function weeklySlot(c: Pick<PublicClass, 'meetings' | 'weeks'>, timeZone: string): string {
  const first = c.meetings[0];
  if (!first) return '';
  const day = formatter(timeZone, { weekday: 'long' }).format(new Date(first.startsAt));
  return c.weeks > 1 ? `${day}s, ${meetingHours(first, timeZone)}` : meetingHours(first, timeZone);
}

/** `6 weeks from Tue, Mar 10, 2026` (`Tue, Mar 10, 2026` for one meeting). */
export function classDates(c: Pick<PublicClass, 'meetings' | 'weeks'>, timeZone: string): string {
  const first = c.meetings[0];
  if (!first) return '';
  const day = meetingDay(first.startsAt, timeZone);
  return c.weeks > 1 ? `${c.weeks} weeks from ${day}` : day;
}

export const whereText = (c: Pick<PublicClass, 'online' | 'location'>) =>
  c.online ? (c.location ? `Online · ${c.location}` : 'Online') : (c.location ?? '');

/** A class's public page. */
export const classPath = (id: string) => `/classes/${encodeURIComponent(id)}`;
