import { addDays, addMonths, format, startOfWeek } from 'date-fns';
import type { CalendarMeeting } from '#shared/contracts/class-options';
import type { SessionView } from '#shared/contracts/session-options';
import { businessWallTime, inBusinessZone } from '../../../lib/business-zone';
import { dayKey } from './session-format';

/** A calendar month: `month` is 0 to 11. */
export interface CalendarMonth {
  year: number;
  month: number;
}

export const firstDay = (m: CalendarMonth) => businessWallTime(m.year, m.month, 1);

/** The month of an instant in the business time zone (now by default). */
export function monthOf(at: number | Date = Date.now()): CalendarMonth {
  const z = inBusinessZone(+at);
  return { year: z.getFullYear(), month: z.getMonth() };
}

export function shiftMonth(m: CalendarMonth, by: number): CalendarMonth {
  return monthOf(addMonths(firstDay(m), by));
}

/** The month as a [from, to) range of UTC instants (the business time zone's first day to the next month's). */
export function monthRange(m: CalendarMonth): { from: string; to: string } {
  return {
    from: new Date(firstDay(m).getTime()).toISOString(),
    to: new Date(firstDay(shiftMonth(m, 1)).getTime()).toISOString(),
  };
}

const byStart = (a: SessionView, b: SessionView) => a.scheduledAt.localeCompare(b.scheduledAt);

/** Sessions by business-time-zone day, each day in start order. */
export function sessionsByDay(sessions: SessionView[]): Map<string, SessionView[]> {
  const days = new Map<string, SessionView[]>();
  for (const s of [...sessions].sort(byStart)) {
    const key = dayKey(s.scheduledAt);
    days.set(key, [...(days.get(key) ?? []), s]);
  }
  return days;
}

/** Class meetings by business-time-zone day, each day in start order. */
export function meetingsByDay(meetings: readonly CalendarMeeting[]): Map<string, CalendarMeeting[]> {
  const days = new Map<string, CalendarMeeting[]>();
  for (const m of [...meetings].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const key = dayKey(m.startsAt);
    days.set(key, [...(days.get(key) ?? []), m]);
  }
  return days;
}

// ---------------------------------------------------------------------------------------------------
// The trainer's week and day views (session-week.tsx)

export const CALENDAR_SCOPES = ['month', 'week', 'day'] as const;
export type CalendarScope = (typeof CALENDAR_SCOPES)[number];
export const scopeOf = (v: string | null): CalendarScope =>
  CALENDAR_SCOPES.includes(v as CalendarScope) ? (v as CalendarScope) : 'month';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `yyyy-MM-dd` day as the business zone's midnight. */
export function wallDay(key: string) {
  const [, y, m, d] = DAY.exec(key) ?? [];
  return businessWallTime(Number(y), Number(m) - 1, Number(d));
}

const keyOf = (d: Date) => format(d, 'yyyy-MM-dd');

/** The days a scope shows around `focus`: the week (Sunday first) holding it, or the day itself. */
export function scopeDays(scope: 'week' | 'day', focus: string): string[] {
  if (scope === 'day') return [focus];
  const first = startOfWeek(wallDay(focus));
  return Array.from({ length: 7 }, (_, i) => keyOf(addDays(first, i)));
}

/** The days as a [from, to) range of UTC instants (the business zone's first midnight to the one after the last day). */
export function daysRange(days: readonly string[]): { from: string; to: string } {
  const from = wallDay(days[0]);
  const to = addDays(wallDay(days[days.length - 1]), 1);
  return { from: new Date(from.getTime()).toISOString(), to: new Date(to.getTime()).toISOString() };
}

/** The day `by` weeks or days from `focus`. */
export const shiftFocus = (scope: 'week' | 'day', focus: string, by: number) =>
  keyOf(addDays(wallDay(focus), by * (scope === 'week' ? 7 : 1)));
