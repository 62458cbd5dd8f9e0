/** Newsletter texts (docs/product.md#newsletter), in the tone of the rest of the shop. */
export const NEWSLETTER_MESSAGES = {
  /** The same answer whether or not the address is known, so it reveals no subscriber. */
  checkInbox: 'Almost there! Check your inbox and click the link to confirm your subscription.',
  confirmed: "You're subscribed! We will email you about new arrivals and offers.",
  confirmLinkInvalid: 'This confirmation link is invalid or has expired. Please subscribe again.',
  unsubscribed: 'You have been unsubscribed and will not get our newsletter any more.',
  unsubscribeLinkInvalid: 'This unsubscribe link is invalid.',
  subscribeFailed: 'Failed to subscribe. Please try again.',
  confirmFailed: 'Failed to confirm your subscription. Please try again.',
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
  noToken: 'No token found. Please use the link from your email.',
} as const;
