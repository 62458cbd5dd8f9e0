import { CHECKOUT_MESSAGES } from '@shopper/contract';
import Stripe from 'stripe';
import { AppError } from '../lib/app-error.ts';
import type { PaymentProvider, ProviderCard, ProviderIntent, ProviderIntentStatus } from './provider.ts';

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

    async createIntent({ amountCents, currency, metadata, captureMethod, customerId }) {
      const intent = await stripe.paymentIntents.create({
        amount: amountCents,
        currency,
        capture_method: captureMethod,
        // Stripe then refuses to confirm it with a card attached to another customer.
        customer: customerId,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
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

    async refund({ intentId, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey });
      return { id: refund.id, amountCents: refund.amount };
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
      const object = event.data.object as { id?: string; object?: string };
      return {
        id: event.id,
        type: event.type,
        intentId: object.object === 'payment_intent' ? (object.id ?? null) : null,
      };
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
