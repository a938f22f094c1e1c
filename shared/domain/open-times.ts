import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import {
  type Availability,
  OPEN_TIME_STEP_MINUTES,
  SLOT_MINUTES,
  type TimeRange,
} from '../contracts/booking-options.js';

/**
 * Open times (docs/decisions/0034-online-booking.md), pure: the trainer's working hours in the
 * business's time zone, minus the busy intervals (open sessions and pending requests, each widened by
 * the buffer on both sides), minus what is too soon (minimum notice) or too far (horizon). Local dates
 * and times become instants with @date-fns/tz, so a daylight-saving day is 23 or 25 hours long and
 * starts step by real elapsed time.
 */

const MINUTE = 60_000;

/** A busy interval [start, end) in epoch milliseconds (before the buffer is added). */
export interface Busy {
  start: number;
  end: number;
}

export interface OpenTimesInput {
  availability: Availability;
  timeZone: string;
  durationMinutes: number;
  /** The range asked for, as instants. */
  from: Date;
  to: Date;
  now: Date;
  busy: readonly Busy[];
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const dateKey = (d: TZDate) =>
  `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The working ranges of one local date: its exception, else nothing on a day off, else its weekday's. */
export function rangesOn(a: Availability, date: string, weekday: number): readonly TimeRange[] {
  const exception = a.exceptions.find((e) => e.date === date);
  if (exception) return exception.ranges;
  if (a.closedDates.includes(date)) return [];
  return a.weeklyHours[weekday] ?? [];
}

/** The instant of a local date's time of day in `timeZone` (a time skipped by a spring change moves forward). */
function instantOf(day: TZDate, minutes: number, timeZone: string): number {
  return new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), 0, minutes, timeZone).getTime();
}

/**
 * The open start times, ascending, as epoch milliseconds. Starts come every OPEN_TIME_STEP_MINUTES
 * from a range's start, and the session must end within the range.
 */
export function openTimes(input: OpenTimesInput): number[] {
  const { availability: a, timeZone, durationMinutes } = input;
  const length = durationMinutes * MINUTE;
  const buffer = a.bufferMinutes * MINUTE;
  const earliest = Math.max(input.from.getTime(), input.now.getTime() + a.minNoticeHours * 60 * MINUTE);
  const latest = Math.min(input.to.getTime(), input.now.getTime() + a.horizonDays * 24 * 60 * MINUTE);
  if (earliest >= latest) return [];
  // Busy intervals widened by the buffer, by start; `ends` is the running maximum of their ends, so a
  // candidate is free when every interval starting before its end has ended by its start.
  const busy = input.busy
    .map((b) => ({ start: b.start - buffer, end: b.end + buffer }))
    .sort((x, y) => x.start - y.start);
  const out: number[] = [];
  let day = startOfDay(new TZDate(earliest, timeZone));
  while (day.getTime() < latest) {
    for (const r of rangesOn(a, dateKey(day), day.getDay())) {
      const rangeStart = instantOf(day, minutesOf(r.start), timeZone);
      const rangeEnd = instantOf(day, minutesOf(r.end), timeZone);
      for (let t = rangeStart; t + length <= rangeEnd; t += OPEN_TIME_STEP_MINUTES * MINUTE) {
        if (t < earliest || t >= latest) continue;
        if (!overlapsAny(busy, t, t + length)) out.push(t);
      }
    }
    day = addDays(day, 1);
  }
  return out.sort((x, y) => x - y);
}

/** Whether [start, end) meets one of `busy` (sorted by start): a binary search for the first one starting at or after `end`. */
function overlapsAny(busy: readonly Busy[], start: number, end: number): boolean {
  let lo = 0;
  let hi = busy.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid].start < end) lo = mid + 1;
    else hi = mid;
  }
  // Every interval before `lo` starts before `end`; look back while they could still reach `start`.
  for (let i = lo - 1; i >= 0; i--) {
    if (busy[i].end > start) return true;
    // Intervals are at most a day long: far enough back none can reach.
    if (busy[i].start < start - 24 * 60 * MINUTE) break;
  }
  return false;
}

/**
 * The slot cells a booking claims: every SLOT_MINUTES cell from its start to its end plus the buffer
 * (as UTC instants). Two bookings whose claims do not meet are at least the buffer apart.
 */
export function slotCells(startMs: number, durationMinutes: number, bufferMinutes: number): string[] {
  const cell = SLOT_MINUTES * MINUTE;
  const first = Math.floor(startMs / cell) * cell;
  const end = startMs + (durationMinutes + bufferMinutes) * MINUTE;
  const cells: string[] = [];
  for (let t = first; t < end; t += cell) cells.push(new Date(t).toISOString());
  return cells;
}
