import type { CreatePaymentIntentAnswer } from '@shopper/contract';

/** What the card provider said about a payment, whichever provider it is. */
export type ProviderOutcome =
  | { status: 'authorized'; paymentMethodId?: string }
  /** The card was refused: the provider's message is shown as it is (docs/product.md#checkout). */
  | { status: 'card-error'; message: string };

/**
 * Confirms the card for an opened payment intent. The test-mode card form and Stripe Elements
 * each supply one; a thrown error means the provider could not be reached or failed.
 */
export type ConfirmCard = (intent: CreatePaymentIntentAnswer) => Promise<ProviderOutcome>;

/** The provider could not be reached or failed: the 'Payment System Error' block, not a card error. */
export class ProviderFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderFailure';
  }
}
