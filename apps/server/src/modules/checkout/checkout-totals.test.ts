import { describe, expect, it } from 'vitest';
import { checkoutTotals, taxCentsFor } from './checkout-totals.ts';

describe('taxCentsFor', () => {
  it('rounds half up to the cent', () => {
    expect(taxCentsFor(10_999, 0.08)).toBe(880); // 879.92
    expect(taxCentsFor(1_250, 0.07)).toBe(88); // 87.5 (87.50000000000001 in floating point)
    expect(taxCentsFor(1_050, 0.05)).toBe(53); // 52.5
    expect(taxCentsFor(1_001, 0.0825)).toBe(83); // 82.5825
    expect(taxCentsFor(0, 0.08)).toBe(0);
    expect(taxCentsFor(5_000, 0)).toBe(0);
  });
});

describe('checkoutTotals', () => {
  it('taxes the subtotal after the discount, with free shipping', () => {
    expect(checkoutTotals({ subtotalCents: 10_999, discountCents: 1_100, taxRate: 0.08 })).toEqual({
      subtotalCents: 10_999,
      discountCents: 1_100,
      taxCents: 792,
      shippingCents: 0,
      totalCents: 10_691,
    });
  });

  it('never discounts below zero', () => {
    expect(checkoutTotals({ subtotalCents: 500, discountCents: 900, taxRate: 0.08 })).toMatchObject({
      discountCents: 500,
      taxCents: 0,
      totalCents: 0,
    });
  });
});
