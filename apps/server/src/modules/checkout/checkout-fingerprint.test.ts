import { describe, expect, it } from 'vitest';
import { checkoutFingerprint, type PricedCheckout } from './checkout-fingerprint.ts';

const tee = { productId: 'p1', name: 'Tee', image: '/t.png', size: 'M', quantity: 2, unitPriceCents: 2_500 };
const dress = { productId: 'p2', name: 'Dress', image: '/d.png', size: 'S', quantity: 1, unitPriceCents: 5_999 };
const BASE: PricedCheckout = {
  lines: [tee, dress],
  amountCents: 11_879,
  subtotalCents: 10_999,
  discountCents: 0,
  taxCents: 880,
  shippingCents: 0,
  shippingTaxCents: 0,
  pricesIncludeTax: false,
  shippingMethod: 'standard',
  shippingMethodName: 'Standard',
  couponCode: null,
  currency: 'usd',
};

describe('checkoutFingerprint', () => {
  it('is the same for the same lines in any order', () => {
    expect(checkoutFingerprint({ ...BASE, lines: [dress, tee] })).toBe(checkoutFingerprint(BASE));
  });

  it('changes with a quantity, a size, a price, a name, an image or another line', () => {
    const variants: PricedCheckout['lines'][] = [
      [{ ...tee, quantity: 3 }, dress],
      [{ ...tee, size: 'L' }, dress],
      [{ ...tee, unitPriceCents: 2_400 }, dress],
      [{ ...tee, name: 'Tee (new)' }, dress],
      [{ ...tee, image: '/t2.png' }, dress],
      [tee],
      [tee, dress, { ...dress, productId: 'p3' }],
    ];
    for (const lines of variants) {
      expect(checkoutFingerprint({ ...BASE, lines }), JSON.stringify(lines)).not.toBe(checkoutFingerprint(BASE));
    }
  });

  it('changes with the colour of a line and the colour name the order will copy (decision 043)', () => {
    const sage = { ...tee, colourId: 'c-sage', colourName: 'Sage' };
    const coloured = checkoutFingerprint({ ...BASE, lines: [sage, dress] });
    expect(coloured).not.toBe(checkoutFingerprint(BASE));
    expect(checkoutFingerprint({ ...BASE, lines: [{ ...sage, colourId: 'c-navy' }, dress] })).not.toBe(coloured);
    expect(checkoutFingerprint({ ...BASE, lines: [{ ...sage, colourName: 'Moss' }, dress] })).not.toBe(coloured);
    expect(checkoutFingerprint({ ...BASE, lines: [dress, sage] })).toBe(coloured);
  });

  it('changes with any amount, the coupon or the currency', () => {
    const variants: Partial<PricedCheckout>[] = [
      { amountCents: 11_878 },
      { subtotalCents: 10_998 },
      { discountCents: 100 },
      { taxCents: 879 },
      { shippingCents: 500 },
      { couponCode: 'WELCOME10' },
      { currency: 'eur' },
      { shippingTaxCents: 40 },
      { pricesIncludeTax: true },
      { shippingMethod: 'express' },
      { shippingMethodName: 'Express' },
      { lines: [{ ...tee, taxRateMilli: 19_000, taxCents: 950 }, dress] },
    ];
    for (const change of variants) {
      expect(checkoutFingerprint({ ...BASE, ...change }), JSON.stringify(change)).not.toBe(checkoutFingerprint(BASE));
    }
  });
});
