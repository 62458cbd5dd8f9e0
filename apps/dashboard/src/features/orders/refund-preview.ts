import { type AdminOrder, refundShares, shippingChargeOf, toCents, toDollars } from '@shopper/contract';

export type RefundPreview =
  | { kind: 'ok'; amount: number; taxAmount: number; shippingAmount: number }
  | { kind: 'shipping-refunded' }
  | { kind: 'none' };

const chargedOf = (order: AdminOrder) => ({
  totalCents: toCents(order.totalAmount),
  taxCents: toCents(order.taxAmount),
  shippingCents: toCents(order.shippingAmount),
  shippingTaxCents: toCents(order.shippingTaxAmount),
  pricesIncludeTax: order.pricesIncludeTax,
});

// Every refund written counts, whatever its status: a pending or failed one may still go through.
const refundedOf = (order: AdminOrder) =>
  order.refunds.reduce(
    (sum, refund) => ({
      amountCents: sum.amountCents + toCents(refund.amount),
      taxCents: sum.taxCents + toCents(refund.taxAmount),
      shippingCents: sum.shippingCents + toCents(refund.shippingAmount),
    }),
    { amountCents: 0, taxCents: 0, shippingCents: 0 },
  );

/** Money still refundable on the goods, and whether the shipping was given back already. */
export function refundRoom(order: AdminOrder): { goodsLeft: number; shipping: number; isShippingRefunded: boolean } {
  const charged = chargedOf(order);
  const before = refundedOf(order);
  const shippingCents = shippingChargeOf(charged);
  const goodsBefore = before.amountCents - before.shippingCents;
  return {
    goodsLeft: toDollars(Math.max(0, charged.totalCents - shippingCents - goodsBefore)),
    shipping: toDollars(shippingCents),
    isShippingRefunded: before.shippingCents > 0,
  };
}

/**
 * What a refund will give back, split as the server splits it (the same rule from the contract):
 * the owner sees the tax and shipping parts before confirming.
 */
export function refundPreview(order: AdminOrder, amount: number, refundShipping: boolean): RefundPreview {
  if (!Number.isFinite(amount) || amount < 0) return { kind: 'none' };
  const shares = refundShares(chargedOf(order), refundedOf(order), toCents(amount), refundShipping);
  if ('problem' in shares)
    return shares.problem === 'shipping-refunded' ? { kind: 'shipping-refunded' } : { kind: 'none' };
  return {
    kind: 'ok',
    amount: toDollars(shares.amountCents),
    taxAmount: toDollars(shares.taxCents),
    shippingAmount: toDollars(shares.shippingCents),
  };
}
