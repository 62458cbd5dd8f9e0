import { randomBytes } from 'node:crypto';
import {
  CARD_ERRORS,
  CHECKOUT_MESSAGES,
  type TestAuthenticateBody,
  type TestCard,
  type TestIntentAnswer,
  type TestIntentStatus,
} from '@shopper/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentProvider, ProviderIntent, WebhookEventType } from '../provider.ts';
import { isValidWebhookSignature, signWebhook } from '../webhook-signature.ts';
import { cardBrand, digitsOf, evaluateCard } from './test-cards.ts';
import {
  detachTestCard,
  findPaidCard,
  findTestIntent,
  insertTestIntent,
  newCustomerId,
  newEventId,
  newPaymentMethodId,
  type TestIntentRow,
  transitionTestIntent,
} from './test-provider-intents.ts';
import { listTestRefunds, refundTestIntent } from './test-provider-refunds.ts';
import type { WebhookDelivery } from './webhook-delivery.ts';

export type TestProvider = ReturnType<typeof createTestProvider>;

/**
 * The built-in test-mode card provider (docs/architecture.md#trust-boundaries): it plays the remote provider's part with its
 * own records and routes, signs its webhooks like Stripe, and hands them to the shop through
 * `delivery`. `provider` is the shop's client of it, the same interface the Stripe adapter has.
 */
export function createTestProvider({
  db,
  clock,
  delivery,
  webhookSecret = `whsec_test_${randomBytes(24).toString('hex')}`,
}: {
  db: Database;
  clock: () => Date;
  delivery: WebhookDelivery;
  webhookSecret?: string;
}) {
  function emit(type: WebhookEventType, intentId: string): void {
    // As with Stripe, refund events are about the charge, which names its payment intent.
    const object =
      type === 'charge.refunded'
        ? { id: `ch_${intentId}`, object: 'charge', payment_intent: intentId }
        : { id: intentId, object: 'payment_intent' };
    const body = JSON.stringify({ id: newEventId(), type, data: { object } });
    delivery.emit({ body, signature: signWebhook(webhookSecret, body, Math.floor(clock().getTime() / 1000)) });
  }

  async function load(id: string): Promise<TestIntentRow> {
    const row = await findTestIntent(db, id);
    if (!row) throw new AppError('NOT_FOUND', CHECKOUT_MESSAGES.testIntentNotFound);
    return row;
  }

  /** The browser proves it may act on an intent with its client secret, as with Stripe.js. */
  async function loadForBrowser(id: string, clientSecret: string): Promise<TestIntentRow> {
    const row = await findTestIntent(db, id);
    if (!row || row.clientSecret !== clientSecret)
      throw new AppError('NOT_FOUND', CHECKOUT_MESSAGES.testIntentNotFound);
    return row;
  }

  async function move(
    row: TestIntentRow,
    from: readonly TestIntentStatus[],
    change: Parameters<typeof transitionTestIntent>[3],
  ): Promise<TestIntentRow> {
    const moved = await transitionTestIntent(db, row.id, from, change);
    if (!moved) {
      const now = await load(row.id);
      throw new AppError('CONFLICT', CHECKOUT_MESSAGES.testIntentUnexpectedState(now.status));
    }
    return moved;
  }

  function toProviderIntent(row: TestIntentRow): ProviderIntent {
    return {
      id: row.id,
      status: row.status as TestIntentStatus,
      clientSecret: row.clientSecret,
      amountCents: row.amountCents,
      amountCapturableCents: row.amountCapturableCents,
      amountReceivedCents: row.amountReceivedCents,
      currency: row.currency,
      paymentMethod:
        row.paymentMethodId && row.cardBrand && row.cardLast4
          ? { id: row.paymentMethodId, brand: row.cardBrand, last4: row.cardLast4, customerId: row.customerId }
          : null,
      lastError:
        row.lastErrorCode && row.lastErrorMessage ? { code: row.lastErrorCode, message: row.lastErrorMessage } : null,
    };
  }

  function toAnswer(row: TestIntentRow): TestIntentAnswer {
    const intent = toProviderIntent(row);
    return {
      id: intent.id,
      status: row.status as TestIntentStatus,
      amount: intent.amountCents,
      currency: intent.currency,
      paymentMethod: intent.paymentMethod
        ? { id: intent.paymentMethod.id, brand: intent.paymentMethod.brand, last4: intent.paymentMethod.last4 }
        : null,
      lastPaymentError: intent.lastError,
      nextAction: row.status === 'requires_action' ? { type: 'challenge' } : null,
    };
  }

  const provider: PaymentProvider = {
    kind: 'test',
    publicInfo: { kind: 'test' },

    async createCustomer() {
      return newCustomerId();
    },

    async createIntent({ amountCents, currency, metadata, customerId }) {
      const row = await insertTestIntent(db, { amountCents, currency, metadata, customerId, now: clock() });
      return { id: row.id, clientSecret: row.clientSecret, status: 'requires_payment_method' };
    },

    async retrieveIntent(id) {
      return toProviderIntent(await load(id));
    },

    async captureIntent(id) {
      const row = await load(id);
      const captured = await transitionTestIntent(db, id, ['requires_capture'], {
        status: 'succeeded',
        amountReceivedCents: row.amountCapturableCents,
        amountCapturableCents: 0,
        updatedAt: clock(),
      });
      if (!captured) {
        // Captured by a racing caller: the same answer; anything else is refused as Stripe does.
        const now = await load(id);
        if (now.status === 'succeeded') return toProviderIntent(now);
        throw new AppError('CONFLICT', CHECKOUT_MESSAGES.testIntentUnexpectedState(now.status));
      }
      emit('payment_intent.succeeded', id);
      return toProviderIntent(captured);
    },

    async cancelIntent(id) {
      const row = await load(id);
      if (row.status === 'canceled') return toProviderIntent(row);
      const canceled = await move(row, ['requires_payment_method', 'requires_action', 'requires_capture'], {
        status: 'canceled',
        amountCapturableCents: 0,
        updatedAt: clock(),
      });
      emit('payment_intent.canceled', id);
      return toProviderIntent(canceled);
    },

    async refund({ intentId, amountCents, idempotencyKey, shopRefundId }) {
      const { refund, isNew } = await refundTestIntent(db, {
        intent: await load(intentId),
        amountCents,
        idempotencyKey,
        shopRefundId,
        clock,
      });
      if (isNew) emit('charge.refunded', intentId);
      return refund;
    },

    listRefunds: (intentId) => listTestRefunds(db, intentId),

    async verifyWebhook(rawBody, signatureHeader) {
      const body = rawBody.toString('utf8');
      if (!isValidWebhookSignature(webhookSecret, body, signatureHeader, Math.floor(clock().getTime() / 1000))) {
        throw new AppError('VALIDATION_FAILED', CHECKOUT_MESSAGES.webhookSignatureInvalid);
      }
      const event = JSON.parse(body) as {
        id: string;
        type: string;
        data?: { object?: { id?: string; object?: string; payment_intent?: string } };
      };
      const object = event.data?.object;
      const intentId = object?.object === 'charge' ? object.payment_intent : object?.id;
      return { id: event.id, type: event.type, intentId: intentId ?? null };
    },

    // A test-mode card comes into being when it pays an intent, and becomes that intent's customer's
    // card, as if the customer had asked Stripe to keep it.
    async findPaymentMethod(paymentMethodId) {
      const row = await findPaidCard(db, paymentMethodId);
      if (!row?.paymentMethodId) return null;
      return {
        card: {
          id: row.paymentMethodId,
          brand: row.cardBrand ?? 'unknown',
          last4: row.cardLast4 ?? '',
          expMonth: null,
          expYear: null,
        },
        customerId: row.customerId,
      };
    },

    // Only paid-with cards exist here, and, as with Stripe, a card used without a customer cannot be
    // attached afterwards.
    async attachPaymentMethod() {
      return null;
    },

    async detachPaymentMethod(paymentMethodId) {
      await detachTestCard(db, paymentMethodId);
    },
  };

  return {
    provider,

    /**
     * A refund made in the provider's own dashboard, not asked for by the shop: the provider only
     * tells the shop through `charge.refunded`.
     */
    async refundFromDashboard(intentId: string, amountCents: number) {
      const { refund } = await refundTestIntent(db, {
        intent: await load(intentId),
        amountCents,
        idempotencyKey: `dashboard-${randomBytes(12).toString('hex')}`,
        shopRefundId: null,
        clock,
      });
      emit('charge.refunded', intentId);
      return refund;
    },

    /** POST /api/test-provider/payment_intents/:id/confirm: the card goes here, never to the shop. */
    async confirm(
      id: string,
      { clientSecret, card }: { clientSecret: string; card: TestCard },
    ): Promise<TestIntentAnswer> {
      const row = await loadForBrowser(id, clientSecret);
      const digits = digitsOf(card.number);
      const result = evaluateCard(card, clock());
      const paymentMethod = {
        paymentMethodId: newPaymentMethodId(),
        cardBrand: cardBrand(digits),
        cardLast4: digits.slice(-4),
      };
      const from = ['requires_payment_method'] as const;
      if (result.outcome === 'declined') {
        const declined = await move(row, from, {
          status: 'requires_payment_method',
          ...paymentMethod,
          lastErrorCode: result.code,
          lastErrorMessage: result.message,
          updatedAt: clock(),
        });
        emit('payment_intent.payment_failed', id);
        return toAnswer(declined);
      }
      if (result.outcome === 'requires_action') {
        return toAnswer(
          await move(row, from, {
            status: 'requires_action',
            ...paymentMethod,
            lastErrorCode: null,
            lastErrorMessage: null,
            updatedAt: clock(),
          }),
        );
      }
      const authorized = await move(row, from, {
        status: 'requires_capture',
        ...paymentMethod,
        amountCapturableCents: row.amountCents,
        lastErrorCode: null,
        lastErrorMessage: null,
        updatedAt: clock(),
      });
      emit('payment_intent.amount_capturable_updated', id);
      return toAnswer(authorized);
    },

    /** POST /api/test-provider/payment_intents/:id/authenticate: the challenge of card 4000 0025 0000 3155. */
    async authenticate(
      id: string,
      { clientSecret, outcome }: Required<TestAuthenticateBody>,
    ): Promise<TestIntentAnswer> {
      const row = await loadForBrowser(id, clientSecret);
      if (outcome === 'fail') {
        const failed = await move(row, ['requires_action'], {
          status: 'requires_payment_method',
          lastErrorCode: 'authentication_failed',
          lastErrorMessage: CARD_ERRORS.authentication_failed,
          updatedAt: clock(),
        });
        emit('payment_intent.payment_failed', id);
        return toAnswer(failed);
      }
      const authorized = await move(row, ['requires_action'], {
        status: 'requires_capture',
        amountCapturableCents: row.amountCents,
        updatedAt: clock(),
      });
      emit('payment_intent.amount_capturable_updated', id);
      return toAnswer(authorized);
    },

    async intentForBrowser(id: string, clientSecret: string): Promise<TestIntentAnswer> {
      return toAnswer(await loadForBrowser(id, clientSecret));
    },
  };
}
