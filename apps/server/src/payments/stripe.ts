import { CHECKOUT_MESSAGES } from '@shopper/contract';
import Stripe from 'stripe';
import { AppError } from '../lib/app-error.ts';
import {
  type PaymentProvider,
  type ProviderCard,
  type ProviderIntent,
  type ProviderIntentStatus,
  type ProviderRefund,
  RefundRefusedError,
} from './provider.ts';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local stand-in of Stripe's API; unset in production. */
  connection?: { host: string; port: number; protocol: 'http' | 'https' };
};

const idOf = (value: string | { id: string } | null): string | null =>
  value === null ? null : typeof value === 'string' ? value : value.id;

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const method = intent.payment_method;
  const card = method && typeof method === 'object' ? method.card : undefined;
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    status: intent.status as ProviderIntentStatus,
    clientSecret: intent.client_secret,
    amountCents: intent.amount,
    amountCapturableCents: intent.amount_capturable,
    amountReceivedCents: intent.amount_received,
    currency: intent.currency,
    paymentMethod:
      method && typeof method === 'object' && card
        ? { id: method.id, brand: card.brand, last4: card.last4, customerId: idOf(method.customer) }
        : null,
    lastError: error
      ? {
          code: error.decline_code ?? error.code ?? 'card_error',
          message: error.message ?? CHECKOUT_MESSAGES.paymentNotCompleted,
        }
      : null,
    keepsCard: intent.setup_future_usage != null,
  };
}

function toCard(method: Stripe.PaymentMethod): ProviderCard | null {
  if (!method.card) return null;
  return {
    id: method.id,
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

/** Where the shop's own refund id travels with a Stripe refund (see ProviderRefund.shopRefundId). */
const SHOP_REFUND_KEY = 'shopper_refund_id';

function toProviderRefund(refund: Stripe.Refund): ProviderRefund {
  return {
    id: refund.id,
    amountCents: refund.amount,
    status: (refund.status ?? 'pending') as ProviderRefund['status'],
    shopRefundId: refund.metadata?.[SHOP_REFUND_KEY] ?? null,
  };
}

const isUnexpectedState = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state';

/** The Stripe adapter: PaymentIntents with manual capture, webhooks verified with the SDK. */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(settings.connection ?? {}),
  });
  const expand = ['payment_method'];

  async function retrieve(id: string): Promise<ProviderIntent> {
    try {
      return toProviderIntent(await stripe.paymentIntents.retrieve(id, { expand }));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
        throw new AppError('NOT_FOUND', CHECKOUT_MESSAGES.paymentNotFound);
      }
      throw error;
    }
  }

  return {
    kind: 'stripe',
    publicInfo: { kind: 'stripe', publishableKey: settings.publishableKey },

    async createCustomer({ userId, email, name }) {
      // One Stripe Customer per user even when two first checkouts race: Stripe answers a repeated
      // idempotency key with the customer it already made.
      const customer = await stripe.customers.create(
        { email, name, metadata: { userId } },
        { idempotencyKey: `shopper-customer-${userId}` },
      );
      return customer.id;
    },

    async createIntent({ amountCents, currency, metadata, captureMethod, customerId, keepCard }) {
      const intent = await stripe.paymentIntents.create({
        amount: amountCents,
        currency,
        capture_method: captureMethod,
        // Stripe then refuses to confirm it with a card attached to another customer.
        customer: customerId,
        // Cards, the wallets the shopper's device offers (Apple Pay, Google Pay, Link) and redirect
        // methods, which come back to the checkout's return page; the webhook settles them otherwise.
        automatic_payment_methods: { enabled: true },
        // The card is attached to the customer once it pays, so it can be saved afterwards; the
        // Payment Element is told the same so it shows the matching wording.
        ...(keepCard ? { setup_future_usage: 'off_session' as const } : {}),
        metadata,
      });
      if (!intent.client_secret) throw new Error('Stripe answered a payment intent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret, status: intent.status as ProviderIntentStatus };
    },

    retrieveIntent: retrieve,

    async captureIntent(id) {
      try {
        return toProviderIntent(await stripe.paymentIntents.capture(id, { expand }));
      } catch (error) {
        // Captured by a racing caller: read what Stripe holds instead of failing.
        if (isUnexpectedState(error)) {
          const now = await retrieve(id);
          if (now.status === 'succeeded') return now;
        }
        throw error;
      }
    },

    async refund({ intentId, amountCents, idempotencyKey, shopRefundId }) {
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          { payment_intent: intentId, amount: amountCents, metadata: { [SHOP_REFUND_KEY]: shopRefundId } },
          { idempotencyKey },
        );
      } catch (error) {
        // Stripe's own words (amount too large, charge disputed…) are what the owner needs to read.
        if (error instanceof Stripe.errors.StripeError) {
          throw new RefundRefusedError(`Stripe: ${error.message}`, error.code ?? error.type);
        }
        throw error;
      }
      // A card refund is usually 'succeeded' at once; 'failed' or 'canceled' means no money went back.
      if (refund.status === 'failed' || refund.status === 'canceled') {
        const reason = refund.failure_reason ?? refund.status;
        throw new RefundRefusedError(`Stripe: the refund ${refund.status} (${reason}).`, reason);
      }
      return toProviderRefund(refund);
    },

    async listRefunds(intentId) {
      const found: ProviderRefund[] = [];
      for await (const refund of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
        found.push(toProviderRefund(refund));
      }
      return found;
    },

    async cancelIntent(id) {
      try {
        return toProviderIntent(await stripe.paymentIntents.cancel(id, { expand }));
      } catch (error) {
        if (isUnexpectedState(error)) {
          const now = await retrieve(id);
          if (now.status === 'canceled') return now;
        }
        throw error;
      }
    },

    async verifyWebhook(rawBody, signatureHeader) {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signatureHeader ?? '', settings.webhookSecret);
      } catch {
        throw new AppError('VALIDATION_FAILED', CHECKOUT_MESSAGES.webhookSignatureInvalid);
      }
      const object = event.data.object as { id?: string; object?: string; payment_intent?: string | { id: string } };
      const intentId =
        object.object === 'payment_intent'
          ? (object.id ?? null)
          : object.object === 'charge'
            ? idOf(object.payment_intent ?? null)
            : null;
      return { id: event.id, type: event.type, intentId };
    },

    async findPaymentMethod(paymentMethodId) {
      try {
        const method = await stripe.paymentMethods.retrieve(paymentMethodId);
        const card = toCard(method);
        return card ? { card, customerId: idOf(method.customer) } : null;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
    },

    async attachPaymentMethod(paymentMethodId, customerId) {
      try {
        return toCard(await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      } catch (error) {
        // E.g. a card already used for a payment without being kept cannot be attached any more.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
    },

    async detachPaymentMethod(paymentMethodId) {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (error) {
        // Already detached, or gone: what was asked for is true.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },
  };
}
