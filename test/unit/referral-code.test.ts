import { describe, expect, it } from 'vitest';
import { referralCodeFor } from '../../shared/domain/referrals.js';

describe('referral code format (SPEC 9)', () => {
  it('is the first name upper-cased plus three digits, zero-padded', () => {
    expect(referralCodeFor('Sarah', 7)).toBe('SARAH007');
    expect(referralCodeFor('mary jane', 123)).toBe('MARYJANE123');
    expect(referralCodeFor('José', 0)).toBe('JOSE000');
  });

  it('is USER plus three digits without a usable first name', () => {
    expect(referralCodeFor(undefined, 42)).toBe('USER042');
    expect(referralCodeFor('', 999)).toBe('USER999');
    expect(referralCodeFor('李', 5)).toBe('USER005');
  });

  it('draws the digits at random between 000 and 999', () => {
    const seen = new Set(Array.from({ length: 200 }, () => referralCodeFor('Al')));
    for (const code of seen) expect(code).toMatch(/^AL\d{3}$/);
    expect(seen.size).toBeGreaterThan(50);
  });
});
