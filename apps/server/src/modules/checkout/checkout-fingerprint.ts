/** What a payment intent was priced from: its lines, its amounts and its coupon. */
export type PricedCheckout = {
  lines: readonly {
    productId: string;
    colourId?: string;
    colourName?: string;
    name: string;
    image: string;
    size: string;
    quantity: number;
    unitPriceCents: number;
  }[];
  amountCents: number;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  couponCode: string | null;
  currency: string;
};

/**
 * Equal for two pricings exactly when an open payment intent made for one may be paid for the other
 * (decision 014): same lines (same variants: product, colour and size) at the same prices, same
 * amounts, same coupon. Line order does not matter; the names and image do, since the order copies
 * them from the intent.
 */
export function checkoutFingerprint(checkout: PricedCheckout): string {
  const lines = checkout.lines
    .map((line) =>
      JSON.stringify([
        line.productId,
        line.colourId ?? null,
        line.size,
        line.quantity,
        line.unitPriceCents,
        line.name,
        line.colourName ?? '',
        line.image,
      ]),
    )
    .sort();
  return JSON.stringify([
    lines,
    checkout.amountCents,
    checkout.subtotalCents,
    checkout.discountCents,
    checkout.taxCents,
    checkout.shippingCents,
    checkout.couponCode,
    checkout.currency,
  ]);
}
