import { TZDate, tzScan } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { businessDays, businessWeek } from '../../shared/domain/business-calendar.js';
import { businessDate, formatBusinessDateTime } from '../../shared/domain/business-time.js';
import { DEFAULT_TIME_ZONE } from '../../shared/domain/business-zone.js';

describe('business week (Sunday to Saturday in the business time zone)', () => {
  it('starts Sunday 00:00 New York time, also across the daylight-saving change', () => {
    // Wednesday 2026-11-04 12:00 UTC; DST ended Sunday 2026-11-01 at 02:00 local.
    const w = businessWeek(new Date('2026-11-04T12:00:00Z'), 'America/New_York');
    expect(w.start).toBe('2026-11-01T04:00:00.000Z'); // Sunday 00:00 EDT
    expect(w.end).toBe('2026-11-08T04:59:59.999Z'); // Saturday 23:59:59.999 EST
  });

  it('a Saturday evening in New York is still that week, though it is Sunday in UTC', () => {
    const w = businessWeek(new Date('2026-11-29T02:30:00Z'), 'America/New_York'); // Sat 21:30 EST
    expect(w.start).toBe('2026-11-22T05:00:00.000Z');
    expect(w.end).toBe('2026-11-29T04:59:59.999Z');
  });
});

// The formatting used date-fns `format` on a TZDate (with date-fns's en-US locale) and @date-fns/tz's
// tzName until it moved to the platform's Intl to leave date-fns's locale out of the Lambda bundles
// (ADR 0016). The old functions, kept here as the oracle, must give the same strings. tzName is
// @date-fns/tz 1.5's code with its formatter kept per zone and kind (it builds one per call, about 1 ms,
// which made comparing thousands of instants too slow for a unit test).
const tzNameFormatters = new Map<string, Intl.DateTimeFormat>();
function tzName(timeZone: string, date: Date, kind: 'short' | 'shortGeneric'): string {
  const key = `${kind} ${timeZone}`;
  let formatter = tzNameFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone, timeZoneName: kind });
    tzNameFormatters.set(key, formatter);
  }
  return formatter.format(date).split(/\s/g).slice(2).join(' ');
}
function oldZoneLabel(timeZone: string, at: Date): string {
  const generic = tzName(timeZone, at, 'shortGeneric');
  return /\s/.test(generic) ? tzName(timeZone, at, 'short') : generic;
}
const oldBusinessDate = (instant: string | Date, timeZone: string) =>
  format(new TZDate(new Date(instant).getTime(), timeZone), 'yyyy-MM-dd');
function oldFormatBusinessDateTime(instant: string | Date, timeZone: string) {
  const at = new Date(instant);
  const local = new TZDate(at.getTime(), timeZone);
  return {
    date: format(local, 'EEEE, MMMM d, yyyy'),
    time: `${format(local, 'h:mm a')} ${oldZoneLabel(timeZone, at)}`,
  };
}

const ZONES: string[] = Intl.supportedValuesOf('timeZone');
/** Zones with daylight saving, half- and quarter-hour offsets, offsets past ±12 h, the date line. */
const EDGE_ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'America/St_Johns',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Berlin',
  'Africa/Casablanca',
  'Asia/Tehran',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'UTC',
];

/** A fixed pseudo-random spread of instants, 1971 to 2099, at any millisecond. */
function spread(count: number, seed: number): Date[] {
  let x = seed;
  const from = Date.UTC(1971, 0, 1);
  const to = Date.UTC(2099, 11, 31);
  return Array.from({ length: count }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return new Date(from + Math.floor((x / 2 ** 31) * (to - from)));
  });
}

/** Instants around every offset change of a zone in 2024-2028: on it, and 1 ms, 1 min, 30 min, 1 h, 1 day away. */
function aroundChanges(timeZone: string): Date[] {
  const changes = tzScan(timeZone, { start: new Date('2024-01-01T00:00:00Z'), end: new Date('2028-12-31T00:00:00Z') });
  const steps = [0, 1, 60_000, 1_800_000, 3_600_000, 86_400_000];
  return changes.flatMap(({ date }) =>
    steps.flatMap((d) => [new Date(date.getTime() - d), new Date(date.getTime() + d)]),
  );
}

/** Every hour of the day and each minute past it that matters for 'h:mm a' (midnight and noon included). */
const hoursOfADay = (day: string) =>
  Array.from(
    { length: 24 * 4 },
    (_, i) => new Date(Date.parse(day) + Math.floor(i / 4) * 3_600_000 + [0, 1, 30, 59][i % 4] * 60_000),
  );

describe('a range of business days as instants', () => {
  it('runs from the first day 00:00 to the last day 23:59:59.999 there, across daylight-saving changes', () => {
    // The spring-forward day in New York has 23 hours, the fall-back day 25.
    expect(businessDays('2026-03-08', '2026-03-08', 'America/New_York')).toEqual({
      start: '2026-03-08T05:00:00.000Z',
      end: '2026-03-09T03:59:59.999Z',
    });
    expect(businessDays('2026-11-01', '2026-11-01', 'America/New_York')).toEqual({
      start: '2026-11-01T04:00:00.000Z',
      end: '2026-11-02T04:59:59.999Z',
    });
    expect(businessDays('2026-12-30', '2027-01-01', 'Pacific/Kiritimati')).toEqual({
      start: '2026-12-29T10:00:00.000Z',
      end: '2027-01-01T09:59:59.999Z',
    });
  });
});

describe('business date and readable date-time (Intl) give what date-fns format gave', () => {
  it('the same strings in every time zone the platform knows, at instants spread over 1971-2099', () => {
    expect(ZONES.length).toBeGreaterThan(300);
    const instants = spread(16, 7);
    for (const tz of ZONES) {
      for (const at of instants) {
        expect([tz, at.toISOString(), businessDate(at, tz)]).toEqual([tz, at.toISOString(), oldBusinessDate(at, tz)]);
        expect([tz, at.toISOString(), formatBusinessDateTime(at, tz)]).toEqual([
          tz,
          at.toISOString(),
          oldFormatBusinessDateTime(at, tz),
        ]);
      }
    }
  }, 60_000); // about 420 zones, a few formatters each);

  it('the same strings on either side of every daylight-saving change and across whole days', () => {
    for (const tz of EDGE_ZONES) {
      const instants = [...aroundChanges(tz), ...hoursOfADay('2026-03-08T00:00:00Z'), ...spread(300, tz.length)];
      if (['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Chatham'].includes(tz)) {
        expect(aroundChanges(tz).length, tz).toBeGreaterThanOrEqual(8); // two changes a year
      }
      for (const at of instants) {
        const iso = at.toISOString();
        expect([tz, iso, businessDate(iso, tz)]).toEqual([tz, iso, oldBusinessDate(iso, tz)]);
        expect([tz, iso, formatBusinessDateTime(iso, tz)]).toEqual([tz, iso, oldFormatBusinessDateTime(iso, tz)]);
      }
    }
  });

  it('reads as before, with a plain space before AM/PM (Intl puts U+202F there)', () => {
    const ny = formatBusinessDateTime('2026-12-01T19:30:00Z', DEFAULT_TIME_ZONE);
    expect(ny).toEqual({ date: 'Tuesday, December 1, 2026', time: '2:30 PM ET' });
    expect(formatBusinessDateTime('2026-12-01T05:05:00Z', 'America/New_York').time).toBe('12:05 AM ET');
    expect(formatBusinessDateTime('2026-12-01T17:00:00Z', 'America/New_York').time).toBe('12:00 PM ET');
    // The night the clocks go back: 1:30 happens twice, once in EDT and once in EST.
    expect(formatBusinessDateTime('2026-11-01T05:30:00Z', 'America/New_York').time).toBe('1:30 AM ET');
    expect(formatBusinessDateTime('2026-11-01T06:30:00Z', 'America/New_York').time).toBe('1:30 AM ET');
    expect(formatBusinessDateTime('2026-06-01T12:00:00Z', 'Europe/Berlin').time).toBe('2:00 PM GMT+2');
    expect(businessDate('2026-11-29T02:30:00Z', 'America/New_York')).toBe('2026-11-28');
    expect(businessDate(new Date('2026-01-01T00:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-01-01');
    for (const at of spread(200, 3)) {
      const { date, time } = formatBusinessDateTime(at, 'America/New_York');
      expect(`${date} ${time}`).toMatch(/^[A-Za-z]+, [A-Za-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM) E[A-Z]*T$/);
    }
  });

  it('refuses an invalid instant as before', () => {
    expect(() => oldBusinessDate('not a date', 'America/New_York')).toThrow(RangeError);
    expect(() => businessDate('not a date', 'America/New_York')).toThrow(RangeError);
    expect(() => formatBusinessDateTime('not a date', 'America/New_York')).toThrow(RangeError);
  });
});
