/**
 * "Notify me when it's back" (docs/after-purchase.md#notify-me-when-its-back): what a shopper reads
 * on the product page, on the pages of the mail's links, and in the API's answers.
 */
export const BACK_IN_STOCK_MESSAGES = {
  notifyMe: "Notify me when it's back",
  notifyMeFor: (item: string) => `Notify me when ${item} is back`,
  soldOutSizeLabel: 'Sold-out size',
  emailLabel: 'Your email',
  sending: 'Sending…',
  /** A guest's answer: the same whatever the address, so it reveals nothing about it. */
  checkInbox: 'Almost there! Check your inbox and click the link to confirm. We will email you once it is back.',
  /** A signed-in shopper's answer: no confirmation needed, the account's address is used. */
  onTheList: (email: string) => `We will email ${email} once it is back in stock.`,
  confirmed: 'Confirmed! We will email you once, as soon as it is back in stock.',
  unsubscribed: 'Done. You will get no more back-in-stock emails for this address.',
  confirmLinkInvalid: 'This confirmation link is invalid or has expired. Please ask again on the product page.',
  unsubscribeLinkInvalid: 'This unsubscribe link is invalid.',
  noToken: 'No token found. Please use the link from your email.',
  inStockNow: 'This size is in stock now: you can order it straight away.',
  sizeRequired: 'Choose the sold-out size to be told about.',
  sizeUnknown: 'This product does not come in that size.',
  colourUnknown: 'This product does not come in that colour.',
  failed: 'Something went wrong. Please try again.',
  confirmFailed: 'Failed to confirm. Please try again.',
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
  confirmTitle: { pending: 'Confirming…', done: 'You Are on the List', failed: 'Not Confirmed' },
  unsubscribeTitle: { pending: 'Unsubscribing…', done: 'Unsubscribed', failed: 'Unsubscribe Failed' },
} as const;
