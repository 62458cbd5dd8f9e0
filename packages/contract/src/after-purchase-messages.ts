/**
 * What customers and staff read about cancelling an order and returning items
 * (docs/after-purchase.md). Kept apart from SHOP_UI_MESSAGES so only the order pages carry them.
 */
export const AFTER_PURCHASE_MESSAGES = {
  cancelOrder: 'Cancel order',
  cancelConfirmTitle: 'Cancel this order?',
  cancelConfirmText: (total: string) =>
    `Nothing will be shipped, and ${total} goes back to your card. This cannot be undone.`,
  keepOrder: 'Keep my order',
  confirmCancel: 'Yes, cancel it',
  cancelling: 'Cancelling…',
  cancelledByYou: (orderNumber: string) => `Order ${orderNumber} is cancelled. We mailed you a confirmation.`,
  cancelledRefundLate: (orderNumber: string) =>
    `Order ${orderNumber} is cancelled. The card provider has not refunded it yet; we will, and mail you when it is done.`,
  cancelNotAllowed: (status: string) =>
    status === 'Shipped'
      ? 'This order has already shipped, so it can no longer be cancelled. Once it arrives, you can return it.'
      : `This order is ${status.toLowerCase()} and can no longer be cancelled.`,
  cancelFailed: 'The order could not be cancelled. Please try again.',
} as const;
