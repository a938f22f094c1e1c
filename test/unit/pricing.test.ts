import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES, SERVICES } from '../../shared/contracts/payment-options.js';
import { discountDisplayStatus, discountProblem, formatDollars, quotePrice } from '../../shared/domain/pricing.js';

/** An evaluation at SPEC 9's $75 (the default is free). */
const EVALUATION_75 = { id: 'evaluation', price: 75 };

describe('quotePrice', () => {
  it('charges the default price of each service without a discount (the evaluation free, ADR 0038)', () => {
    const prices = Object.fromEntries(SERVICE_TYPES.map((s) => [s, quotePrice({ service: SERVICES[s] }).totalCents]));
    expect(prices).toEqual({
      evaluation: 0,
      single_session: 10000,
      package_4: 35000,
      package_8: 64000,
      intensive: 120000,
    });
    expect(SERVICES.evaluation.name).toBe('Initial Evaluation');
    expect(Object.fromEntries(SERVICE_TYPES.map((s) => [s, SERVICES[s].credits]))).toEqual({
      evaluation: 0,
      single_session: 1,
      package_4: 4,
      package_8: 8,
      intensive: 0,
    });
  });

  it('prices the service as given (a trainer-set price)', () => {
    expect(quotePrice({ service: { id: 'puppy-class', price: 49.99 } })).toMatchObject({
      service: 'puppy-class',
      priceCents: 4999,
      totalCents: 4999,
    });
  });

  it('takes a percentage off and rounds to the cent', () => {
    expect(quotePrice({ service: EVALUATION_75, discount: { discountType: 'percentage', discountValue: 15 } })).toEqual(
      {
        service: 'evaluation',
        priceCents: 7500,
        discountCents: 1125,
        totalCents: 6375,
        discountSource: 'code',
      },
    );
    // 75 - 75 * 33.33 / 100 = 50.0025 -> $50.00
    expect(
      quotePrice({ service: EVALUATION_75, discount: { discountType: 'percentage', discountValue: 33.33 } }).totalCents,
    ).toBe(5000);
    // 100 - 100 * 12.345 / 100 is not reachable (two decimals), 12.35 gives 87.65
    expect(
      quotePrice({ service: SERVICES.single_session, discount: { discountType: 'percentage', discountValue: 12.35 } })
        .totalCents,
    ).toBe(8765);
  });

  it('takes a fixed amount off, floored at 0', () => {
    expect(
      quotePrice({ service: SERVICES.package_4, discount: { discountType: 'fixed_amount', discountValue: 50.5 } })
        .totalCents,
    ).toBe(29950);
    const over = quotePrice({ service: EVALUATION_75, discount: { discountType: 'fixed_amount', discountValue: 80 } });
    expect(over.totalCents).toBe(0);
    expect(over.discountCents).toBe(7500);
  });

  it('never goes below 0 with a percentage over 100', () => {
    expect(
      quotePrice({ service: SERVICES.intensive, discount: { discountType: 'percentage', discountValue: 150 } })
        .totalCents,
    ).toBe(0);
  });

  it('applies a referral discount only without a code, 10% when the referral has none', () => {
    expect(quotePrice({ service: SERVICES.package_8, referralPercentage: null })).toMatchObject({
      totalCents: 57600,
      discountSource: 'referral',
    });
    expect(quotePrice({ service: SERVICES.package_8, referralPercentage: 20 }).totalCents).toBe(51200);
    expect(
      quotePrice({
        service: SERVICES.package_8,
        referralPercentage: null,
        discount: { discountType: 'fixed_amount', discountValue: 40 },
      }),
    ).toMatchObject({ totalCents: 60000, discountCents: 4000, discountSource: 'code' });
  });

  it('formats cents as dollars', () => {
    expect(formatDollars(6375)).toBe('$63.75');
    expect(formatDollars(120000)).toBe('$1200.00');
  });
});

describe('discount status', () => {
  const now = new Date('2026-06-01T12:00:00.000Z');
  const base = { isActive: true, timesUsed: 0 };

  it('checks inactive, then expired, then limit, in that order', () => {
    const all = { isActive: false, expiresAt: '2026-05-01T00:00:00.000Z', usageLimit: 1, timesUsed: 1 };
    expect(discountDisplayStatus(all, now)).toBe('Inactive');
    expect(discountDisplayStatus({ ...all, isActive: true }, now)).toBe('Expired');
    expect(discountDisplayStatus({ ...all, isActive: true, expiresAt: '2026-07-01T00:00:00.000Z' }, now)).toBe(
      'Limit Reached',
    );
    expect(discountDisplayStatus({ ...base, usageLimit: 2, timesUsed: 1 }, now)).toBe('Active');
    expect(discountDisplayStatus(base, now)).toBe('Active');
  });

  it('answers the spec texts at payment', () => {
    expect(discountProblem(undefined, now)).toBe('Invalid discount code');
    expect(discountProblem({ ...base, isActive: false }, now)).toBe('Invalid discount code');
    expect(discountProblem({ ...base, expiresAt: '2026-06-01T12:00:00.000Z' }, now)).toBe('Discount code has expired');
    expect(discountProblem({ ...base, usageLimit: 3, timesUsed: 3 }, now)).toBe(
      'Discount code has reached its usage limit',
    );
    // Uses held by open checkouts count too.
    expect(discountProblem({ ...base, usageLimit: 3, timesUsed: 1 }, now, 3)).toBe(
      'Discount code has reached its usage limit',
    );
    expect(discountProblem({ ...base, usageLimit: 3, timesUsed: 2 }, now)).toBeUndefined();
  });
});
