/** Money rules of checkout, in integer cents (docs/style.md#money). */

/** Tax on what the customer pays for goods: round((subtotal − discount) × rate), half up, in cents. */
export function taxCentsFor(taxableCents: number, taxRate: number): number {
  if (taxableCents <= 0) return 0;
  // toFixed first: 1250 × 0.07 is 87.50000000000001 in binary floating point, and must round as 87.5.
  return Math.round(Number((taxableCents * taxRate).toFixed(6)));
}

/** Shipping is free (docs/product.md#checkout: shipping displayed as Free; standard is the only method). */
export const SHIPPING_CENTS = 0;

export type CheckoutTotals = {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
};

export function checkoutTotals({
  subtotalCents,
  discountCents,
  taxRate,
}: {
  subtotalCents: number;
  discountCents: number;
  taxRate: number;
}): CheckoutTotals {
  const discount = Math.min(Math.max(0, discountCents), subtotalCents);
  const taxCents = taxCentsFor(subtotalCents - discount, taxRate);
  return {
    subtotalCents,
    discountCents: discount,
    taxCents,
    shippingCents: SHIPPING_CENTS,
    totalCents: subtotalCents - discount + taxCents + SHIPPING_CENTS,
  };
}
