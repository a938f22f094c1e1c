import { TZDate } from '@date-fns/tz';
import { endOfDay, endOfMonth, endOfWeek, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { businessTimeZone } from './business-zone.js';

// The business's day and week as UTC ranges. Apart from business-time.ts (dates and times as text, with
// the platform's Intl): @date-fns/tz stays in every bundle that imports it (its module has side effects),
// so only the modules that need these ranges (the dashboard and the session stats) import this one.

/**
 * The week containing `now` in the business's time zone: Sunday 00:00 to Saturday 23:59:59.999
 * there (SPEC 9: weeks start Sunday), as UTC instants.
 */
export function businessWeek(now = new Date(), timeZone = businessTimeZone()): { start: string; end: string } {
  const local = new TZDate(now.getTime(), timeZone);
  const start = startOfWeek(local, { weekStartsOn: 0 });
  const end = endOfWeek(local, { weekStartsOn: 0 });
  return { start: new Date(start.getTime()).toISOString(), end: new Date(end.getTime()).toISOString() };
}

/** The day containing `now` in the business's time zone: 00:00 to 23:59:59.999 there, as UTC instants. */
export function businessDay(now = new Date(), timeZone = businessTimeZone()): { start: string; end: string } {
  const local = new TZDate(now.getTime(), timeZone);
  return {
    start: new Date(startOfDay(local).getTime()).toISOString(),
    end: new Date(endOfDay(local).getTime()).toISOString(),
  };
}

/** The month `YYYY-MM` in the business's time zone: its first to its last millisecond there, as UTC instants. */
export function businessMonth(month: string, timeZone = businessTimeZone()): { start: string; end: string } {
  const [year, monthNumber] = month.split('-').map(Number);
  const local = new TZDate(year, monthNumber - 1, 1, timeZone);
  return {
    start: new Date(startOfMonth(local).getTime()).toISOString(),
    end: new Date(endOfMonth(local).getTime()).toISOString(),
  };
}

/** The days `from` to `to` (YYYY-MM-DD) of the business's calendar: from the first's 00:00 to the last's end there. */
export function businessDays(from: string, to: string, timeZone = businessTimeZone()): { start: string; end: string } {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  return {
    start: new Date(new TZDate(fy, fm - 1, fd, timeZone).getTime()).toISOString(),
    end: new Date(endOfDay(new TZDate(ty, tm - 1, td, timeZone)).getTime()).toISOString(),
  };
}
