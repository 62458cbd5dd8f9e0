/** Checkout, payment and order texts (docs/product.md#checkout, docs/product.md#order-history and docs/product.md#errors), word for word. */
export const CHECKOUT_MESSAGES = {
  shippingFieldsRequired: 'Please fill out all shipping information fields.',
  countryInvalid: 'Please select a valid country',
  zipInvalid: 'Please enter a valid zip/postal code (4-12 characters)',
  cartEmpty: 'Your cart is empty.',
  cartMissing: 'Unable to process payment: cart information is missing.',
  paymentError: 'An error occurred during payment. Please try again.',
  paymentSystemError: 'Payment System Error',
  loadCartSummaryFailed: 'Failed to load cart summary. Please try again.',
  /** Pay was pressed while the address was being priced again, and the new total differs from the button's. */
  totalChanged: (amount: string) => `The total for this address is ${amount}. Check it, then press Pay again.`,
  notEnoughStock: (name: string, size: string, available: number) =>
    available === 0
      ? `Sorry — ${name} in size ${size} is sold out. Please update your cart.`
      : `Only ${available} left of ${name} in size ${size}. Please update your cart.`,
  soldOutWhilePaying: (name: string, size: string) =>
    `Sorry — ${name} in size ${size} sold out while you were paying. Your card has not been charged.`,
  amountMismatch: 'The payment amount does not match your order. Your card has not been charged.',
  paymentNotCompleted: 'Your payment was not completed. Please try again.',
  paymentCanceled: 'This payment was cancelled. Your card has not been charged.',
  paymentNotFound: 'We could not find that payment.',
  tooManyOpenPayments:
    'You have too many payments in progress. Please finish one, or wait a few minutes and try again.',
  webhookSignatureInvalid: 'Invalid webhook signature.',

  orderNotFound: "The order you're looking for could not be found.",
  fetchOrderFailed: 'Could not fetch order details',
  fetchOrdersFailed: 'Failed to fetch orders',
  ordersLoadTrouble: "We're having trouble loading your orders. Please try again.",
  noOrdersYet: 'No Orders Yet',
  noOrdersMatchFilters: 'No orders match your current filters.',
  orderStatusChangeNotAllowed: (from: string, to: string) => `An order that is ${from} cannot become ${to}.`,
  dateRangeInverted: 'The start date cannot be after the end date.',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD).',
  dateOutOfRange: (min: string, max: string) => `Please enter a date between ${min} and ${max}.`,

  paymentMethodNotFound: 'That saved card could not be found.',
  paymentMethodInvalid: 'That card could not be verified with the payment provider.',

  // The built-in test-mode provider's own answers (it plays the card provider's part).
  testIntentNotFound: 'No such payment intent.',
  testIntentUnexpectedState: (status: string) => `This payment cannot be changed because its status is ${status}.`,
  testWalletDeclined: 'The test wallet payment was declined.',
  paymentReturnChecking: 'Checking your payment…',
  paymentReturnFailed: 'Your payment did not go through. You have not been charged; please try again.',
} as const;

/** The test-mode provider's wallet: a redirect method, approved on its own page (docs/payments.md). */
export const TEST_WALLET = 'test_wallet';

/** Provider-style decline texts the checkout shows as they are (docs/product.md#checkout: card errors show the provider's message). */
export const CARD_ERRORS = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  incorrect_cvc: "Your card's security code is incorrect.",
  expired_card: 'Your card has expired.',
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  authentication_failed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  incorrect_number: 'Your card number is invalid.',
  invalid_expiry_year_past: "Your card's expiration year is in the past.",
  invalid_expiry_month_past: "Your card's expiration month is in the past.",
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_cvc: "Your card's security code is invalid.",
} as const;
export type CardErrorCode = keyof typeof CARD_ERRORS;

export const TEST_CARD_OUTCOMES = ['succeeded', 'declined', 'requires_action'] as const;
export type TestCardOutcome = (typeof TEST_CARD_OUTCOMES)[number];

/** The test cards of docs/product.md#test-cards (and a few more), shown on the checkout page and used by the tests. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', label: 'Payment succeeds', outcome: 'succeeded', error: null },
  { number: '4000 0000 0000 0002', label: 'Card declined', outcome: 'declined', error: 'card_declined' },
  { number: '4000 0000 0000 9995', label: 'Insufficient funds', outcome: 'declined', error: 'insufficient_funds' },
  { number: '4000 0000 0000 0127', label: 'Incorrect security code', outcome: 'declined', error: 'incorrect_cvc' },
  { number: '4000 0000 0000 0069', label: 'Expired card', outcome: 'declined', error: 'expired_card' },
  { number: '4000 0000 0000 0119', label: 'Processing error', outcome: 'declined', error: 'processing_error' },
  { number: '4000 0025 0000 3155', label: 'Requires authentication', outcome: 'requires_action', error: null },
] as const satisfies readonly {
  number: string;
  label: string;
  outcome: TestCardOutcome;
  error: CardErrorCode | null;
}[];

export const TEST_CARD = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  incorrectCvc: '4000 0000 0000 0127',
  expired: '4000 0000 0000 0069',
  processingError: '4000 0000 0000 0119',
  requiresAuthentication: '4000 0025 0000 3155',
} as const;
