import { describe, expect, it } from 'vitest';
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
