/** Guest checkout's texts (docs/product.md#guest-checkout), word for word on screen and in answers. */
export const GUEST_CHECKOUT_MESSAGES = {
  /** A guest pressed Pay without an address to send the confirmation to. */
  emailRequired: 'Please enter your email so we can send your order confirmation.',
  /** A guest cannot keep a card: it would belong to nobody who can sign in. */
  saveCardNeedsAccount: 'Create an account to save a card for next time.',
  orderNumberRequired: 'Please enter your order number.',
  orderNumberInvalid: 'Order numbers look like SH-1234.',
  /** The same answer whether the number exists or not: the lookup reveals nothing about other orders. */
  lookupNotFound: 'We could not find an order with that email and order number.',
  lookupTooMany: 'Too many lookups from here. Please wait a few minutes and try again.',
  accessKeyInvalid: 'This order link is not valid. Look your order up with your email and order number.',
  lookupTitle: 'Find your order',
  lookupIntro:
    'Bought without an account? Enter the email you gave at checkout and the order number from your confirmation.',
  lookupSubmit: 'Find order',
  /** The checkout's box for the guest's email, above the shipping fields. */
  contactTitle: 'Contact',
  emailLabel: 'Email',
  emailHint: 'We send your order confirmation and updates here.',
  orderNumberLabel: 'Order number',
  guestOrderNote: 'You checked out as a guest. Keep the link in your confirmation email to come back to this order.',
  createAccountTitle: 'Save this order to an account',
  createAccountPrompt: (email: string) =>
    `Create an account with ${email} and confirm the address: this order, and any other you placed as a guest with it, will appear in your order history.`,
  /** The same prompt when the page does not know the address (an order opened from a link or after a wallet). */
  createAccountPromptWithoutEmail:
    'Create an account with the email you gave at checkout and confirm the address: this order, and any other you placed as a guest with it, will appear in your order history.',
  createAccountAction: 'Create an account',
  guestMarker: 'Guest',
  settingLabel: 'Guest checkout',
  settingHint:
    'Let shoppers fill a cart and pay without an account. They give an email at checkout, get a link to their order, and can create an account afterwards. Off: shoppers log in before adding to the cart.',
} as const;
