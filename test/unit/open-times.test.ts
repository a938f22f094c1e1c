import { describe, expect, it } from 'vitest';
import { availabilityRequest } from '../../shared/contracts/booking.js';
import { type Availability, DEFAULT_AVAILABILITY } from '../../shared/contracts/booking-options.js';
import { openTimes, slotCells } from '../../shared/domain/open-times.js';

/** Open times (shared/domain/open-times.ts): working hours in the business zone, minus busy time, notice and horizon. */

const NY = 'America/New_York';
const iso = (ms: number[]) => ms.map((t) => new Date(t).toISOString());
const r = (start: string, end: string) => ({ start, end });

/** Sunday 01:00-04:00 and 09:00-10:00, Monday and Saturday 09:00-10:00 (New York time). */
const hours: Availability = {
  ...DEFAULT_AVAILABILITY,
  bufferMinutes: 0,
  minNoticeHours: 0,
  horizonDays: 365,
  weeklyHours: [
    [r('01:00', '04:00'), r('09:00', '10:00')],
    [r('09:00', '10:00')],
    [],
    [],
    [],
    [],
    [r('09:00', '10:00')],
  ],
};
const FAR_BEFORE = new Date('2026-01-01T00:00:00Z');

function times(a: Availability, from: string, to: string, extra: Partial<Parameters<typeof openTimes>[0]> = {}) {
  return iso(
    openTimes({
      availability: a,
      timeZone: NY,
      durationMinutes: 60,
      from: new Date(from),
      to: new Date(to),
      now: FAR_BEFORE,
      busy: [],
      ...extra,
    }),
  );
}

describe('open times across daylight-saving changes (America/New_York)', () => {
  it('March 8, 2026 (02:00 EST becomes 03:00 EDT): a 01:00-04:00 range is two hours long, 09:00 moves from 14:00Z to 13:00Z', () => {
    expect(times(hours, '2026-03-07T05:00:00Z', '2026-03-10T05:00:00Z')).toEqual([
      '2026-03-07T14:00:00.000Z', // Saturday 09:00 EST
      '2026-03-08T06:00:00.000Z', // Sunday 01:00 EST
      '2026-03-08T06:30:00.000Z', // 01:30 EST
      '2026-03-08T07:00:00.000Z', // 03:00 EDT (02:00 to 02:59 do not exist), ends at 04:00 EDT
      '2026-03-08T13:00:00.000Z', // Sunday 09:00 EDT
      '2026-03-09T13:00:00.000Z', // Monday 09:00 EDT
    ]);
  });

  it('November 1, 2026 (02:00 EDT becomes 01:00 EST): a 01:00-04:00 range is four hours long, 09:00 moves from 13:00Z to 14:00Z', () => {
    expect(times(hours, '2026-10-31T04:00:00Z', '2026-11-03T05:00:00Z')).toEqual([
      '2026-10-31T13:00:00.000Z', // Saturday 09:00 EDT
      '2026-11-01T05:00:00.000Z', // Sunday 01:00 EDT (the first 01:00)
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:00:00.000Z', // 01:00 EST (the second 01:00)
      '2026-11-01T06:30:00.000Z',
      '2026-11-01T07:00:00.000Z',
      '2026-11-01T07:30:00.000Z',
      '2026-11-01T08:00:00.000Z', // 03:00 EST, ends at 04:00 EST
      '2026-11-01T14:00:00.000Z', // Sunday 09:00 EST
      '2026-11-02T14:00:00.000Z', // Monday 09:00 EST
    ]);
  });
});

describe('open times: busy time, buffers, notice, horizon, days off and exceptions', () => {
  const weekdays: Availability = {
    ...hours,
    weeklyHours: [[], [r('09:00', '12:00')], [r('09:00', '12:00')], [], [], [], []],
  };
  // Monday June 1 and Tuesday June 2, 2026 (EDT, UTC-4): 09:00 is 13:00Z.
  const FROM = '2026-06-01T04:00:00Z';
  const TO = '2026-06-03T04:00:00Z';

  it('a session with its buffer on both sides leaves only the starts that keep the buffer free', () => {
    // A half-hour session at 10:00 EDT (14:00Z); hours 09:00 to 12:00 (13:00Z to 16:00Z).
    const busy = [{ start: Date.parse('2026-06-01T14:00:00Z'), end: Date.parse('2026-06-01T14:30:00Z') }];
    expect(times({ ...weekdays, bufferMinutes: 30 }, FROM, '2026-06-02T04:00:00Z', { busy })).toEqual([
      // 09:30 to 11:00 is kept free: 09:00 would end at 10:00, inside it; 11:00 is the first start after.
      '2026-06-01T15:00:00.000Z',
    ]);
    expect(times({ ...weekdays, bufferMinutes: 0 }, FROM, '2026-06-02T04:00:00Z', { busy })).toEqual([
      '2026-06-01T13:00:00.000Z',
      '2026-06-01T14:30:00.000Z',
      '2026-06-01T15:00:00.000Z',
    ]);
  });

  it('nothing sooner than the minimum notice nor further than the horizon', () => {
    const now = new Date('2026-06-01T11:00:00Z');
    const got = times({ ...weekdays, minNoticeHours: 3, horizonDays: 1 }, FROM, TO, { now });
    // Earliest 14:00Z on June 1, latest before 11:00Z on June 2 (no Tuesday hour is that early).
    expect(got).toEqual(['2026-06-01T14:00:00.000Z', '2026-06-01T14:30:00.000Z', '2026-06-01T15:00:00.000Z']);
  });

  it('a day off closes a weekday; an exception gives a date its own hours, or none', () => {
    const a = {
      ...weekdays,
      closedDates: ['2026-06-01'],
      exceptions: [{ date: '2026-06-02', ranges: [r('15:00', '16:00')] }],
    };
    expect(times(a, FROM, TO)).toEqual(['2026-06-02T19:00:00.000Z']);
    const closed = { ...weekdays, exceptions: [{ date: '2026-06-02', ranges: [] }] };
    expect(times(closed, '2026-06-02T04:00:00Z', TO)).toEqual([]);
  });

  it('the slot cells of a booking cover its span and the buffer after it, in 15-minute cells', () => {
    expect(slotCells(Date.parse('2026-06-01T13:00:00Z'), 60, 30)).toEqual([
      '2026-06-01T13:00:00.000Z',
      '2026-06-01T13:15:00.000Z',
      '2026-06-01T13:30:00.000Z',
      '2026-06-01T13:45:00.000Z',
      '2026-06-01T14:00:00.000Z',
      '2026-06-01T14:15:00.000Z',
    ]);
  });
});

describe('availability contract', () => {
  const valid = {
    weeklyHours: [[], [r('09:00', '12:00'), r('13:00', '17:00')], [], [], [], [], []],
    closedDates: ['2026-12-25'],
    exceptions: [{ date: '2026-12-24', ranges: [] }],
    bookableTypes: [{ sessionType: 'training', durationMinutes: 60 }],
    bufferMinutes: 15,
    minNoticeHours: 24,
    horizonDays: 56,
    cancellationCutoffHours: 24,
    approval: 'approval',
  };

  it('accepts a full setting and refuses overlapping or reversed ranges, bad dates and odd buffers', () => {
    expect(availabilityRequest.safeParse(valid).success).toBe(true);
    const bad = (patch: object) => availabilityRequest.safeParse({ ...valid, ...patch }).error?.issues[0]?.message;
    expect(bad({ weeklyHours: [[r('09:00', '12:00'), r('11:00', '13:00')], [], [], [], [], [], []] })).toBe(
      'Ranges of one day must not overlap',
    );
    expect(bad({ weeklyHours: [[r('12:00', '09:00')], [], [], [], [], [], []] })).toBe(
      'Each range must end after it starts',
    );
    expect(bad({ weeklyHours: [[r('9:00', '12:00')], [], [], [], [], [], []] })).toBe(
      'Times must be HH:mm (00:00 to 24:00)',
    );
    expect(bad({ closedDates: ['2026-02-30'] })).toBe('Dates must be YYYY-MM-DD');
    expect(bad({ bufferMinutes: 10 })).toBe('Buffer must be one of 0, 15, 30, 45, 60 minutes');
    expect(bad({ weeklyHours: [[], [], []] })).toBe('weeklyHours must have 7 days, Sunday first');
    expect(bad({ bookableTypes: [valid.bookableTypes[0], valid.bookableTypes[0]] })).toBe(
      'Each session type can be listed once',
    );
  });
});
