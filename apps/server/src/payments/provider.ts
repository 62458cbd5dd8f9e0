import type { PaymentProviderKind } from '@shopper/contract';

/**
 * What the shop needs from a card provider (DESIGN.md, Trust boundaries). Intents are created with
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
  amountCents: number;
  amountCapturableCents: number;
  amountReceivedCents: number;
  currency: string;
  paymentMethod: { id: string; brand: string; last4: string } | null;
  lastError: { code: string; message: string } | null;
};

export type CreatedIntent = { id: string; clientSecret: string; status: ProviderIntentStatus };

export type WebhookEventType =
  | 'payment_intent.amount_capturable_updated'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled';

/** A verified event; `intentId` is null for event types the shop does not act on. */
export type ProviderEvent = { id: string; type: string; intentId: string | null };

export type ProviderCard = {
  id: string;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
};

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** What the browser needs to talk to the provider itself. */
  readonly publicInfo: { kind: PaymentProviderKind; publishableKey?: string };
  createIntent(input: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    captureMethod: 'manual';
  }): Promise<CreatedIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  captureIntent(id: string): Promise<ProviderIntent>;
  /** Releases an authorization; cancelling an intent that is already cancelled is not an error. */
  cancelIntent(id: string): Promise<ProviderIntent>;
  /** Throws when the signature does not match the body. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<ProviderEvent>;
  /** A card the customer used, when it belongs to them; null otherwise. */
  findCustomerCard(paymentMethodId: string, userId: string): Promise<ProviderCard | null>;
}

/** Provider statuses in which the money is authorized or already taken. */
export function isPaid(status: ProviderIntentStatus): boolean {
  return status === 'requires_capture' || status === 'succeeded';
}
