import { CART_MESSAGES as M } from '@shopper/contract';
import { describe, expect, it } from 'vitest';
import { couponDiscountCents, couponProblem, type CouponTerms } from './coupon-rules.ts';

describe('couponDiscountCents', () => {
  it.each([
    [10, 10_000, 1_000],
    [10, 1_999, 200],
    [10, 1_994, 199],
    [15, 3_333, 500],
    [25, 1, 0],
    [25, 2, 1],
    [33, 999, 330],
    [100, 4_250, 4_250],
  ])('%d%% of %d cents is %d cents, rounded to the cent', (value, subtotal, discount) => {
    expect(couponDiscountCents({ kind: 'percent', value }, subtotal)).toBe(discount);
  });

  it('takes a fixed amount off', () => {
    expect(couponDiscountCents({ kind: 'fixed', value: 2_000 }, 12_000)).toBe(2_000);
  });

  it('never takes a fixed amount beyond the subtotal', () => {
    expect(couponDiscountCents({ kind: 'fixed', value: 2_000 }, 1_500)).toBe(1_500);
    expect(couponDiscountCents({ kind: 'fixed', value: 2_000 }, 2_000)).toBe(2_000);
  });

  it('gives nothing on an empty cart', () => {
    expect(couponDiscountCents({ kind: 'fixed', value: 2_000 }, 0)).toBe(0);
    expect(couponDiscountCents({ kind: 'percent', value: 10 }, 0)).toBe(0);
  });
});

describe('couponProblem', () => {
  const now = new Date('2026-06-01T12:00:00.000Z');
  const terms: CouponTerms = {
    kind: 'percent',
    value: 10,
    minSubtotalCents: 0,
    expiresAt: null,
    usageLimit: null,
    usedCount: 0,
  };

  it('accepts a coupon with no limits', () => {
    expect(couponProblem(terms, 0, now)).toBeNull();
  });

  it('refuses an expired coupon, from the moment it expires', () => {
    expect(couponProblem({ ...terms, expiresAt: now }, 5_000, now)).toBe(M.couponExpired);
    expect(couponProblem({ ...terms, expiresAt: new Date(now.getTime() + 1) }, 5_000, now)).toBeNull();
  });

  it('refuses a coupon used up to its limit', () => {
    expect(couponProblem({ ...terms, usageLimit: 3, usedCount: 3 }, 5_000, now)).toBe(M.couponExhausted);
    expect(couponProblem({ ...terms, usageLimit: 3, usedCount: 2 }, 5_000, now)).toBeNull();
  });

  it('asks for the minimum subtotal, in dollars', () => {
    const min = { ...terms, minSubtotalCents: 10_000 };
    expect(couponProblem(min, 9_999, now)).toBe('Spend at least $100.00 to use this code.');
    expect(couponProblem(min, 10_000, now)).toBeNull();
  });
});
