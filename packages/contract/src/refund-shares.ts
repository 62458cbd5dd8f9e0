/** numerator / denominator rounded half up, for numerator ≥ 0 and denominator > 0, without floating point. */
export function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** What an order charged, as it was recorded when it was placed. */
export type ChargedOrder = {
  totalCents: number;
  taxCents: number;
  shippingCents: number;
  shippingTaxCents: number;
  pricesIncludeTax: boolean;
};

/** Refunds already written for the order (any status: a pending or failed one may still go through). */
export type RefundedSoFar = { amountCents: number; taxCents: number; shippingCents: number };

export type RefundShares = { amountCents: number; taxCents: number; shippingCents: number };

export type RefundProblem =
  { problem: 'too-large'; goodsLeftCents: number } | { problem: 'shipping-refunded' } | { problem: 'nothing' };

/** The money a customer paid for shipping: its price, and its tax when that was added on top. */
export const shippingChargeOf = (order: ChargedOrder): number =>
  order.shippingCents + (order.pricesIncludeTax ? 0 : order.shippingTaxCents);

/**
 * Splits money given back on goods into its tax share, in the order's own proportion of tax to
 * goods, and adds the shipping (with its tax) when the owner refunds it (docs/shipping-and-taxes.md#refunds).
 * The refund that gives back the last of the goods takes exactly the tax left, so the shares of
 * all refunds add up to what was charged whatever the rounding on the way. The server writes these
 * shares; the back office shows them before the owner confirms a refund.
 */
export function refundShares(
  order: ChargedOrder,
  before: RefundedSoFar,
  goodsCents: number,
  includeShipping: boolean,
): RefundShares | RefundProblem {
  const shippingCharge = shippingChargeOf(order);
  const goodsPool = order.totalCents - shippingCharge;
  const goodsTaxPool = order.taxCents - order.shippingTaxCents;
  const isShippingRefunded = before.shippingCents > 0;
  const shippingTaxBefore = isShippingRefunded ? order.shippingTaxCents : 0;
  const goodsBefore = before.amountCents - before.shippingCents;
  const goodsTaxBefore = before.taxCents - shippingTaxBefore;
  const goodsLeft = Math.max(0, goodsPool - goodsBefore);
  const goodsTaxLeft = Math.max(0, goodsTaxPool - goodsTaxBefore);
  if (goodsCents > goodsLeft) return { problem: 'too-large', goodsLeftCents: goodsLeft };
  if (includeShipping && isShippingRefunded) return { problem: 'shipping-refunded' };
  const shipping = includeShipping ? shippingCharge : 0;
  if (goodsCents + shipping <= 0) return { problem: 'nothing' };
  const goodsTax =
    goodsCents === goodsLeft
      ? goodsTaxLeft
      : Math.min(goodsTaxLeft, goodsPool > 0 ? divideHalfUp(goodsCents * goodsTaxPool, goodsPool) : 0);
  return {
    amountCents: goodsCents + shipping,
    taxCents: goodsTax + (includeShipping ? order.shippingTaxCents : 0),
    shippingCents: shipping,
  };
}
