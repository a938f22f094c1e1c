import { describe, expect, it } from 'vitest';
import { followingStarts } from '../../shared/domain/session-series-edits.js';

const TZ = 'America/New_York';
const local = (iso: string) =>
  new Date(iso).toLocaleString('en-CA', { timeZone: TZ, hour12: false, dateStyle: 'short', timeStyle: 'short' });

describe('followingStarts: "this and following" moves a series by days and to a time of day', () => {
  // Tuesdays at 10:00 in New York; daylight-saving time starts on Sunday 2027-03-14.
  const run = ['2027-03-02T15:00:00.000Z', '2027-03-09T15:00:00.000Z', '2027-03-16T14:00:00.000Z'].map(
    (scheduledAt) => ({ scheduledAt }),
  );

  it('moves each later session by the same calendar days to the new local time, across the change', () => {
    // The first to Wednesday 11:30 local.
    const starts = followingStarts(run, '2027-03-03T16:30:00.000Z', TZ);
    expect(starts.map(local)).toEqual(['2027-03-03, 11:30', '2027-03-10, 11:30', '2027-03-17, 11:30']);
    // After the change 11:30 is 15:30 UTC, before it 16:30.
    expect(starts[2]).toBe('2027-03-17T15:30:00.000Z');
  });

  it('keeps the days when only the time changes, and moves backwards too', () => {
    expect(followingStarts(run, '2027-03-02T13:00:00.000Z', TZ).map(local)).toEqual([
      '2027-03-02, 08:00',
      '2027-03-09, 08:00',
      '2027-03-16, 08:00',
    ]);
    expect(followingStarts(run, '2027-02-28T15:00:00.000Z', TZ).map(local)).toEqual([
      '2027-02-28, 10:00',
      '2027-03-07, 10:00',
      '2027-03-14, 10:00',
    ]);
  });

  it('crosses midnight in the business zone, not in UTC', () => {
    // 10:00 local to 21:00 local the same day is 02:00 UTC the next day.
    const starts = followingStarts(run, '2027-03-03T02:00:00.000Z', TZ);
    expect(starts.map(local)).toEqual(['2027-03-02, 21:00', '2027-03-09, 21:00', '2027-03-16, 21:00']);
  });
});
