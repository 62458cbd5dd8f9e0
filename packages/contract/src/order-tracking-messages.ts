/**
 * What the customer's order page and history say about shipping, cancellation and refunds
 * (docs/product.md#order-lifecycle). Apart from SHOP_UI_MESSAGES so that only the lazily loaded order pages carry them.
 */
export const ORDER_TRACKING_MESSAGES = {
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  trackingLinkHint: ' (track on the carrier’s site, opens in a new tab)',
  orderCancelled: 'This order was cancelled.',
  orderCancelledOn: (date: string) => `This order was cancelled on ${date}.`,
  refundedToCard: (amount: string) => `${amount} refunded to your card.`,
  refundedAmount: 'Refunded',
  refundsTitle: 'Refunds',
} as const;
