import type { CreatePaymentIntentAnswer } from '@shopper/contract';

/** What the card provider said about a payment, whichever provider it is. */
export type ProviderOutcome =
  | { status: 'authorized'; paymentMethodId?: string }
  /** The card was refused: the provider's message is shown as it is (docs/product.md#checkout). */
  | { status: 'card-error'; message: string }
  /** The shopper left for a wallet or bank page; the return page finishes the order. */
  | { status: 'redirected' };

/**
 * Confirms the card for an opened payment intent. The test-mode card form and Stripe Elements
 * each supply one; a thrown error means the provider could not be reached or failed.
 */
export type ConfirmCard = (intent: CreatePaymentIntentAnswer) => Promise<ProviderOutcome>;

/**
 * Runs on the click itself, before the shop opens the payment: Stripe's Payment Element checks its
 * fields and opens a wallet's sheet there, which browsers allow only within the shopper's gesture.
 * A card error stops the payment before anything is asked of the shop.
 */
export type PreparePayment = () => Promise<ProviderOutcome | null>;

/** Where a redirect method brings the shopper back (Stripe appends the payment's id). */
export const RETURN_PATH = '/checkout/return';

/** The provider could not be reached or failed: the 'Payment System Error' block, not a card error. */
export class ProviderFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderFailure';
  }
}
