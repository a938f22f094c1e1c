import { addMonths } from 'date-fns';
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
