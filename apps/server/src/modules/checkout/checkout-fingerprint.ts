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
    taxRateMilli?: number;
    taxCents?: number;
  }[];
  amountCents: number;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  shippingTaxCents: number;
  pricesIncludeTax: boolean;
  /** The method's id and name: an intent for Standard is not paid for Express, even at the same price. */
  shippingMethod: string;
  shippingMethodName: string;
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
        line.taxRateMilli ?? 0,
        line.taxCents ?? 0,
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
    checkout.shippingTaxCents,
    checkout.pricesIncludeTax,
    checkout.shippingMethod,
    checkout.shippingMethodName,
    checkout.couponCode,
    checkout.currency,
  ]);
}
