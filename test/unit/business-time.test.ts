import { describe, expect, it } from 'vitest';
import { businessWeek } from '../../shared/domain/business-time.js';

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
