import { describe, expect, it } from 'vitest';
import { divideHalfUp, refundShares } from '@shopper/contract';
import { allocate, chargesFor, ruleFor, taxOn } from './tax-rules.ts';

const VAT19 = { rateMilli: 19_000, shippingRateMilli: null };

describe('taxOn (decision 051: per line, half up)', () => {
  it('adds tax on top, rounding half up', () => {
    expect(taxOn(1250, 7000, false)).toBe(88); // 87.5 → 88
    expect(taxOn(1000, 7250, false)).toBe(73); // 72.5 → 73
    expect(divideHalfUp(5, 2)).toBe(3);
  });
  it('takes the tax out of an inclusive price', () => {
    expect(taxOn(1190, 19_000, true)).toBe(190);
    expect(taxOn(1000, 20_000, true)).toBe(167); // 1000 − round(833.33)
  });
  it('is 0 on nothing and at 0 %', () => {
    expect(taxOn(0, 19_000, false)).toBe(0);
    expect(taxOn(500, 0, true)).toBe(0);
  });
});

describe('chargesFor: the awkward cases', () => {
  it('3 × 0.99 at 19 % rounds the line once (56), not each unit (3 × 19 = 57)', () => {
    const charges = chargesFor({
      lines: [{ unitPriceCents: 99, quantity: 3 }],
      discountCents: 0,
      shippingCents: 0,
      rule: VAT19,
      pricesIncludeTax: false,
    });
    expect(charges.taxCents).toBe(56);
    expect(charges.totalCents).toBe(353);
    const included = chargesFor({
      lines: [{ unitPriceCents: 99, quantity: 3 }],
      discountCents: 0,
      shippingCents: 0,
      rule: VAT19,
      pricesIncludeTax: true,
    });
    // 297 / 1.19 = 249.58 → 250 net, 47 VAT; per unit it would be 3 × 16 = 48.
    expect(included.taxCents).toBe(47);
    expect(included.totalCents).toBe(297);
  });

  it('an inclusive price with a coupon: the coupon is shared over the lines, the VAT comes out of what is left', () => {
    const charges = chargesFor({
      lines: [
        { unitPriceCents: 1999, quantity: 1 },
        { unitPriceCents: 999, quantity: 1 },
      ],
      discountCents: 500,
      shippingCents: 0,
      rule: VAT19,
      pricesIncludeTax: true,
    });
    expect(charges.lines.map((line) => line.discountCents)).toEqual([333, 167]);
    // 1666 − round(1666 / 1.19) = 266; 832 − round(832 / 1.19) = 133.
    expect(charges.lines.map((line) => line.taxCents)).toEqual([266, 133]);
    expect(charges.taxCents).toBe(399);
    expect(charges.totalCents).toBe(2998 - 500);
  });

  it('a 100 % coupon leaves no tax on goods, while shipping is still charged and taxed', () => {
    const charges = chargesFor({
      lines: [{ unitPriceCents: 2500, quantity: 2 }],
      discountCents: 5000,
      shippingCents: 1500,
      rule: { rateMilli: 7250, shippingRateMilli: 7250 },
      pricesIncludeTax: false,
    });
    expect(charges.lines[0]?.taxCents).toBe(0);
    expect(charges.shippingTaxCents).toBe(109); // 108.75 → 109
    expect(charges.totalCents).toBe(1500 + 109);
  });

  it('never discounts more than the goods, and allocates every cent', () => {
    expect(allocate(10_000, [300, 200])).toEqual([300, 200]);
    expect(allocate(100, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(allocate(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
  });
});

describe('refundShares: a partial refund', () => {
  // 3 × 0.99 at 19 % (tax 56) plus 5.00 shipping untaxed: 8.53 charged.
  const order = { totalCents: 853, taxCents: 56, shippingCents: 500, shippingTaxCents: 0, pricesIncludeTax: false };
  const none = { amountCents: 0, taxCents: 0, shippingCents: 0 };

  it('gives back the goods’ share of tax, and the last refund takes exactly the tax left', () => {
    const first = refundShares(order, none, 100, false);
    expect(first).toEqual({ amountCents: 100, taxCents: 16, shippingCents: 0 }); // 100 × 56 / 353 = 15.86
    const rest = refundShares(order, { amountCents: 100, taxCents: 16, shippingCents: 0 }, 253, false);
    expect(rest).toEqual({ amountCents: 253, taxCents: 40, shippingCents: 0 });
  });

  it('refunds shipping once, where the owner chooses, and never more goods than are left', () => {
    expect(refundShares(order, none, 0, true)).toEqual({ amountCents: 500, taxCents: 0, shippingCents: 500 });
    expect(refundShares(order, { amountCents: 500, taxCents: 0, shippingCents: 500 }, 0, true)).toEqual({
      problem: 'shipping-refunded',
    });
    expect(refundShares(order, none, 354, false)).toEqual({ problem: 'too-large', goodsLeftCents: 353 });
    expect(refundShares(order, none, 0, false)).toEqual({ problem: 'nothing' });
  });

  it('counts the shipping’s own tax with the shipping', () => {
    const taxed = {
      totalCents: 1609,
      taxCents: 109,
      shippingCents: 1500,
      shippingTaxCents: 109,
      pricesIncludeTax: false,
    };
    expect(refundShares(taxed, none, 0, true)).toEqual({ amountCents: 1609, taxCents: 109, shippingCents: 1609 });
  });
});

describe('ruleFor', () => {
  const rates = [
    { country: 'US', state: 'California', rateMilli: 7250, shippingRateMilli: null },
    { country: 'US', state: '', rateMilli: 5000, shippingRateMilli: 5000 },
    { country: 'DE', state: '', rateMilli: 19_000, shippingRateMilli: 19_000 },
  ];
  it('takes the state’s rate (any case), else the country’s, else none once rates are set', () => {
    expect(ruleFor(rates, 8000, 'US', ' california ')).toEqual({ rateMilli: 7250, shippingRateMilli: null });
    expect(ruleFor(rates, 8000, 'US', 'Texas')).toEqual({ rateMilli: 5000, shippingRateMilli: 5000 });
    expect(ruleFor(rates, 8000, 'FR', '')).toEqual({ rateMilli: 0, shippingRateMilli: null });
  });
  it('charges the configured rate on goods everywhere while no rate is set', () => {
    expect(ruleFor([], 8000, 'JP', 'Tokyo')).toEqual({ rateMilli: 8000, shippingRateMilli: null });
  });
});
