import { describe, expect, it } from 'vitest';
import {
  MAX_SESSION_MINUTES,
  overlappingSessions,
  overlapRange,
  type SessionStatus,
} from '../../shared/contracts/session-options.js';
import { sessionEnd } from '../../shared/domain/sessions.js';

describe('session end', () => {
  it('adds the duration to the start', () => {
    expect(sessionEnd('2026-11-23T10:00:00.000Z', 90)).toBe('2026-11-23T11:30:00.000Z');
  });
  it('defaults to 60 minutes when the duration is missing or not positive', () => {
    expect(sessionEnd('2026-11-23T10:00:00.000Z')).toBe('2026-11-23T11:00:00.000Z');
    expect(sessionEnd('2026-11-23T10:00:00.000Z', 0)).toBe('2026-11-23T11:00:00.000Z');
  });
});

const at = (id: string, start: string, minutes = 60, status: SessionStatus = 'scheduled') => ({
  id,
  status,
  scheduledAt: start,
  endsAt: sessionEnd(start, minutes),
});

describe('overlapping sessions', () => {
  const a = at('a', '2026-03-09T14:00:00.000Z');
  const b = at('b', '2026-03-09T15:00:00.000Z');
  const c = at('c', '2026-03-09T14:30:00.000Z', 60, 'cancelled');

  it('compares times, ignoring the session being edited and cancelled ones', () => {
    const ids = (start: string, minutes: number, except?: string) =>
      overlappingSessions([a, b, c], start, minutes, except).map((s) => s.id);
    expect(ids('2026-03-09T13:00:00.000Z', 60)).toEqual([]);
    expect(ids('2026-03-09T14:45:00.000Z', 30)).toEqual(['a', 'b']);
    expect(ids('2026-03-09T14:45:00.000Z', 30, 'a')).toEqual(['b']);
    // Touching ends do not overlap.
    expect(ids('2026-03-09T16:00:00.000Z', 60)).toEqual([]);
  });

  it('sees a session from the day before that runs past midnight, and one just after midnight', () => {
    // New York: 11:00 PM on March 9 for 120 minutes, and 12:15 AM on March 10.
    const lateEvening = at('late', '2026-03-10T03:00:00.000Z', 120);
    const afterMidnight = at('early', '2026-03-10T04:15:00.000Z', 30);
    // 12:30 AM on March 10 for 60 minutes: both overlap.
    const newStart = '2026-03-10T04:30:00.000Z';
    expect(overlappingSessions([lateEvening, afterMidnight], newStart, 60).map((s) => s.id)).toEqual(['late', 'early']);
    // 11:30 PM on March 9 for 90 minutes: runs into March 10 and meets both.
    expect(overlappingSessions([lateEvening, afterMidnight], '2026-03-10T03:30:00.000Z', 90).map((s) => s.id)).toEqual([
      'late',
      'early',
    ]);
  });

  it('reads a range that holds every session that can overlap one starting in the given range', () => {
    expect(MAX_SESSION_MINUTES).toBe(120);
    // March 10 in New York (UTC-4): 04:00Z to 04:00Z next day.
    const day = { from: '2026-03-10T04:00:00.000Z', to: '2026-03-11T04:00:00.000Z' };
    const range = overlapRange(day);
    expect(range).toEqual({ from: '2026-03-10T02:00:00.000Z', to: '2026-03-11T06:00:00.000Z' });
    // The 11:00 PM session of March 9 (03:00Z) is in it; so is one at 1:30 AM on March 11 (05:30Z),
    // which overlaps a 120-minute session starting at 11:59 PM on March 10.
    const inRange = (iso: string) => iso >= range.from && iso <= range.to;
    expect(inRange('2026-03-10T03:00:00.000Z')).toBe(true);
    const nextNight = at('next', '2026-03-11T05:30:00.000Z');
    expect(inRange(nextNight.scheduledAt)).toBe(true);
    expect(overlappingSessions([nextNight], '2026-03-11T03:59:00.000Z', 120)).toHaveLength(1);
    // Exhaustively, in 15-minute steps: any session outside the range overlaps no session starting in the day.
    for (let t = Date.parse(day.from) - 6 * 3600_000; t < Date.parse(day.to) + 6 * 3600_000; t += 15 * 60_000) {
      const start = new Date(t).toISOString();
      if (inRange(start)) continue;
      for (const minutes of [30, 45, 60, 90, 120]) {
        const other = at('x', start, minutes);
        for (let n = Date.parse(day.from); n < Date.parse(day.to); n += 15 * 60_000) {
          expect(overlappingSessions([other], new Date(n).toISOString(), 120)).toEqual([]);
        }
      }
    }
  });
});
