import type { PaymentProviderKind } from '@shopper/contract';

/**
 * What the shop needs from a card provider (docs/architecture.md#trust-boundaries). Intents are created with
 * manual capture: the money is authorized first, the order written, then the money captured; when
 * the order cannot be written the authorization is cancelled (docs/decisions/007).
 */
export type ProviderIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type ProviderIntent = {
  id: string;
  status: ProviderIntentStatus;
  /** What the browser confirms the intent with; handed out again when an open intent is reused. */
  clientSecret: string | null;
  amountCents: number;
  amountCapturableCents: number;
  amountReceivedCents: number;
  currency: string;
  /** `customerId`: the customer the card is attached to; null for a card used once without being kept. */
  paymentMethod: { id: string; brand: string; last4: string; customerId: string | null } | null;
  lastError: { code: string; message: string } | null;
  /** The intent asks the provider to keep its card for the customer (Stripe's `setup_future_usage`). */
  keepsCard: boolean;
};

export type CreatedIntent = { id: string; clientSecret: string; status: ProviderIntentStatus };

export type WebhookEventType =
  | 'payment_intent.amount_capturable_updated'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled'
  | 'charge.refunded';

/**
 * A verified event; `intentId` is the payment intent it is about (for a `charge.*` event, the
 * charge's intent), null for event types the shop does not act on.
 */
export type ProviderEvent = { id: string; type: string; intentId: string | null };

/**
 * A refund as the provider holds it. `shopRefundId` is our `refunds.id` when the shop asked for it
 * (carried in the provider's metadata), null for a refund made in the provider's own dashboard.
 */
export type ProviderRefund = {
  id: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
  shopRefundId: string | null;
};

/** The provider said no to a refund; `message` is its reason, worded for the shop owner. */
export class RefundRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'RefundRefusedError';
  }
}

export type ProviderCard = {
  id: string;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
};

/** A card as the provider knows it: `customerId` is whose it is, null while it belongs to no one yet. */
export type ProviderPaymentMethod = { card: ProviderCard; customerId: string | null };

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** What the browser needs to talk to the provider itself. */
  readonly publicInfo: { kind: PaymentProviderKind; publishableKey?: string };
  /**
   * The provider's customer for one of our users. Asking twice for the same user may answer the same
   * customer (Stripe's idempotency key); the caller keeps the first one stored.
   */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /**
   * `customerId`: only cards of that customer (or new ones) can pay it. Cards, wallets and redirect
   * methods are all offered; a redirect method comes back to the shop's return URL. `keepCard`:
   * the card paying it is kept for the customer's next orders.
   */
  createIntent(input: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    captureMethod: 'manual';
    customerId: string;
    keepCard: boolean;
  }): Promise<CreatedIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  captureIntent(id: string): Promise<ProviderIntent>;
  /** Releases an authorization; cancelling an intent that is already cancelled is not an error. */
  cancelIntent(id: string): Promise<ProviderIntent>;
  /** Throws when the signature does not match the body. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<ProviderEvent>;
  /**
   * Gives back `amountCents` of a captured payment (decision 019). The same idempotency key always
   * answers the same refund, so a retry after a lost answer never refunds twice. A refusal throws
   * RefundRefusedError with the provider's reason.
   */
  refund(input: {
    intentId: string;
    amountCents: number;
    idempotencyKey: string;
    shopRefundId: string;
  }): Promise<ProviderRefund>;
  /** Every refund of a payment, whoever made it: what `charge.refunded` is reconciled against. */
  listRefunds(intentId: string): Promise<ProviderRefund[]>;
  /** A card payment method and its customer; null when the provider knows no such card. */
  findPaymentMethod(paymentMethodId: string): Promise<ProviderPaymentMethod | null>;
  /** Attaches a card that belongs to no one yet to the customer; null when the provider refuses. */
  attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<ProviderCard | null>;
  /** A forgotten card is no customer's any more (and, as with Stripe, cannot be attached again). */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
}

/** Provider statuses in which the money is authorized or already taken. */
export function isPaid(status: ProviderIntentStatus): boolean {
  return status === 'requires_capture' || status === 'succeeded';
}
