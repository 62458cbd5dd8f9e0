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

  // Returns.
  returnsTitle: 'Returns',
  requestReturn: 'Return items',
  returnDialogTitle: 'Return items',
  returnWindowOpen: (date: string) => `You can ask for a return until ${date}.`,
  returnQuantityLabel: (item: string) => `How many of ${item} to return`,
  returnReasonLabel: 'Why are you returning them?',
  sendReturn: 'Ask for the return',
  returnRequested: (returnNumber: string) =>
    `Return ${returnNumber} is requested. We mailed you the number and what happens next.`,
  returnWindowClosed: (days: number) =>
    `Returns are accepted within ${days} days of delivery, and this order's time for returns is over.`,
  returnNeedsDelivered: 'Items can be returned once the order is delivered.',
  returnNoItems: 'Choose at least one item to return.',
  returnItemUnknown: 'That item is not part of this order.',
  returnTooMany: (item: string, left: number) =>
    left === 0 ? `${item} has already been returned.` : `Only ${left} of ${item} can still be returned.`,
  returnReasonRequired: 'Please tell us why you are returning the items (up to 500 characters).',
  returnQuantityInvalid: 'Choose a whole number of items, at least 1.',
  returnNotFound: 'No return with this id.',
  returnFailed: 'The return could not be requested. Please try again.',
  returnStatusChangeNotAllowed: (from: string, to: string) => `A return that is ${from} cannot become ${to}.`,
  returnMessageRequired: 'Please write the customer a message (up to 1000 characters).',
  returnMessageTooLong: 'The message can be at most 1000 characters.',
  returnStatus: {
    requested: 'Requested',
    approved: 'Approved: send the items back',
    refused: 'Refused',
    received: 'Received',
    refunding: 'Being refunded',
    refunded: 'Refunded',
  },
  returnApproved: (returnNumber: string) => `Return ${returnNumber} is approved; the customer was mailed.`,
  returnRefused: (returnNumber: string) => `Return ${returnNumber} is refused; the customer was mailed.`,
  returnReceived: (returnNumber: string) => `Return ${returnNumber} is marked received; the customer was mailed.`,
  returnRefunded: (returnNumber: string, amount: string) => `Return ${returnNumber}: ${amount} refunded.`,
  returnRefundRefused: (returnNumber: string) =>
    `Return ${returnNumber}: the card provider refused the refund. It is on the order, where it can be retried.`,

  // Saved items.
  savedTitle: 'Saved items',
  saveItem: (name: string) => `Save ${name}`,
  unsaveItem: (name: string) => `Remove ${name} from saved items`,
  savedEmpty: 'Nothing saved yet. Tap the heart on a product to keep it here.',
  savedAdded: 'Saved. Find it under Saved items.',
  savedRemoved: 'Removed from saved items.',
  savedLoginNeeded: 'Log in to save items.',
  savedNotFound: 'That saved item could not be found.',
  savedProductGone: 'This product is no longer sold.',
  savedSizeUnknown: 'This product does not come in that size.',
  savedColourUnknown: 'This product does not come in that colour.',
  moveToCart: 'Move to cart',
  movedToCart: 'Moved to your cart.',
  chooseSizeFirst: 'Choose a size on the product page first.',
  savedSoldOut: 'Sold out',
  savedInStock: (n: number) => (n > 5 ? 'In stock' : `Only ${n} left`),
} as const;
