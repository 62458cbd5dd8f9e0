import { randomBytes } from 'node:crypto';
import {
  CARD_ERRORS,
  CHECKOUT_MESSAGES,
  TEST_WALLET,
  type TestAuthenticateBody,
  type TestConfirmRequest,
  type TestIntentAnswer,
  type TestIntentStatus,
  type TestWalletAnswer,
} from '@shopper/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentProvider, WebhookEventType } from '../provider.ts';
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
import { toAnswer, toProviderIntent } from './test-provider-views.ts';
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

  const provider: PaymentProvider = {
    kind: 'test',
    publicInfo: { kind: 'test' },

    async createCustomer() {
      return newCustomerId();
    },

    async createIntent({ amountCents, currency, metadata, customerId, keepCard }) {
      const row = await insertTestIntent(db, {
        amountCents,
        currency,
        metadata,
        customerId,
        keepsCard: keepCard,
        now: clock(),
      });
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

    /**
     * POST /api/test-provider/payment_intents/:id/confirm: the card goes here, never to the shop. A
     * kept card must be the intent's customer's own; the test wallet waits for its approval page.
     */
    async confirm(id: string, body: TestConfirmRequest): Promise<TestIntentAnswer> {
      const row = await loadForBrowser(id, body.clientSecret);
      const from = ['requires_payment_method'] as const;
      if ('method' in body) {
        return toAnswer(
          await move(row, from, {
            status: 'requires_action',
            methodType: TEST_WALLET,
            returnUrl: body.returnUrl,
            paymentMethodId: null,
            cardBrand: null,
            cardLast4: null,
            lastErrorCode: null,
            lastErrorMessage: null,
            updatedAt: clock(),
          }),
        );
      }
      let paymentMethod: { paymentMethodId: string; cardBrand: string; cardLast4: string };
      let result: ReturnType<typeof evaluateCard>;
      if ('paymentMethodId' in body) {
        // As with Stripe: only a card attached to the intent's customer may pay it.
        const kept = await findPaidCard(db, body.paymentMethodId);
        if (!kept || kept.customerId === null || kept.customerId !== row.customerId) {
          throw new AppError('NOT_FOUND', CHECKOUT_MESSAGES.paymentMethodNotFound);
        }
        paymentMethod = {
          paymentMethodId: body.paymentMethodId,
          cardBrand: kept.cardBrand ?? 'unknown',
          cardLast4: kept.cardLast4 ?? '',
        };
        result = { outcome: 'succeeded' };
      } else {
        const digits = digitsOf(body.card.number);
        result = evaluateCard(body.card, clock());
        paymentMethod = {
          paymentMethodId: newPaymentMethodId(),
          cardBrand: cardBrand(digits),
          cardLast4: digits.slice(-4),
        };
      }
      const asCard = { ...paymentMethod, methodType: 'card', returnUrl: null };
      if (result.outcome === 'declined') {
        const declined = await move(row, from, {
          status: 'requires_payment_method',
          ...asCard,
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
            ...asCard,
            lastErrorCode: null,
            lastErrorMessage: null,
            updatedAt: clock(),
          }),
        );
      }
      const authorized = await move(row, from, {
        status: 'requires_capture',
        ...asCard,
        amountCapturableCents: row.amountCents,
        lastErrorCode: null,
        lastErrorMessage: null,
        updatedAt: clock(),
      });
      emit('payment_intent.amount_capturable_updated', id);
      return toAnswer(authorized);
    },

    /**
     * POST /api/test-provider/payment_intents/:id/wallet: the test wallet's approval page. Whatever
     * the shopper chose, the answer is the shop's return URL with the intent named in it, as
     * Stripe's redirect methods come back; the webhook tells the shop even if the shopper never does.
     */
    async walletDecision(
      id: string,
      { clientSecret, outcome }: Required<TestAuthenticateBody>,
    ): Promise<TestWalletAnswer> {
      const row = await loadForBrowser(id, clientSecret);
      if (row.methodType !== TEST_WALLET || !row.returnUrl) {
        throw new AppError('CONFLICT', CHECKOUT_MESSAGES.testIntentUnexpectedState(row.status));
      }
      const returnUrl = row.returnUrl;
      const approved = outcome === 'complete';
      const moved = approved
        ? await move(row, ['requires_action'], {
            status: 'requires_capture',
            amountCapturableCents: row.amountCents,
            updatedAt: clock(),
          })
        : await move(row, ['requires_action'], {
            status: 'requires_payment_method',
            lastErrorCode: 'payment_method_declined',
            lastErrorMessage: CHECKOUT_MESSAGES.testWalletDeclined,
            updatedAt: clock(),
          });
      emit(approved ? 'payment_intent.amount_capturable_updated' : 'payment_intent.payment_failed', id);
      const query = new URLSearchParams({
        payment_intent: moved.id,
        payment_intent_client_secret: moved.clientSecret,
        redirect_status: approved ? 'succeeded' : 'failed',
      });
      return { returnUrl: `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${query.toString()}` };
    },

    /** POST /api/test-provider/payment_intents/:id/authenticate: the challenge of card 4000 0025 0000 3155. */
    async authenticate(
      id: string,
      { clientSecret, outcome }: Required<TestAuthenticateBody>,
    ): Promise<TestIntentAnswer> {
      const row = await loadForBrowser(id, clientSecret);
      // The wallet is approved on its own page, not through the card challenge.
      if (row.methodType === TEST_WALLET) {
        throw new AppError('CONFLICT', CHECKOUT_MESSAGES.testIntentUnexpectedState(row.status));
      }
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
