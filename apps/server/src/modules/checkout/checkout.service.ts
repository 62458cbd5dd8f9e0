import { CHECKOUT_MESSAGES as M, type Order, type ShippingInfo } from '@shopper/contract';
import { and, asc, eq, gt, inArray, lt, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentIntents, webhookEvents } from '../../db/schema.ts';
import { setStockContext } from '../stock/stock-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isPaid, type ProviderIntent } from '../../payments/provider.ts';
import { OutOfStockError } from '../catalog/catalog.service.ts';
import { enqueueMail } from '../mail/mail-outbox.ts';
import { orderConfirmationMail } from '../orders/order-mail.ts';
import { cartSummary } from './cart-summary.ts';
import type { CheckoutDeps } from './checkout-deps.ts';
import { createPaymentIntent } from './create-payment-intent.ts';
import { capture, releaseAuthorization } from './payment-authorization.ts';
import {
  FINAL_STATUSES,
  findIntent,
  type IntentChange,
  type IntentRow,
  recordProviderStatus,
  setIntent,
  type SnapshotLine,
} from './payment-intent-records.ts';

export { MAX_OPEN_INTENTS_PER_USER } from './create-payment-intent.ts';
export type { IntentRow, SnapshotLine } from './payment-intent-records.ts';

/** Money authorized (or on its way) as far as we know: the sweep looks at these first. */
const AUTHORIZED_STATUSES = ['requires_capture', 'processing'];

/** The reconciliation sweep's passes, in order: authorized money first, then releases, then the rest. */
export const SWEEP_PHASES = ['authorized', 'failed', 'open'] as const;
export type SweepPhase = (typeof SWEEP_PHASES)[number];

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/**
 * Checkout as explicit steps, each with its undo (STYLE.md; docs/decisions/007):
 * 1. price the server cart and open a manual-capture intent with the provider;
 * 2. the browser confirms the card with the provider (never with us);
 * 3. `completePayment`, reached from confirm-order, the webhook or the reconciliation sweep alike:
 *    ask the provider what happened, then in one transaction reserve stock, redeem the coupon,
 *    write the order, clear the cart and queue the mail — or, when that cannot be done, record
 *    why and release the authorization (the undo);
 * 4. capture the authorized money.
 */
export function createCheckoutService(deps: CheckoutDeps) {
  const { db, publicUrl, provider, cart, coupons, catalog, catalogChanges, orders, users, customers } = deps;
  const { onRefunded, clock } = deps;

  type WriteOutcome =
    { kind: 'created' | 'existing'; order: Order } | { kind: 'failed'; message: string; release: boolean };

  /** Step 3, inside one transaction with our intent row locked: whoever comes second finds the order. */
  async function writeOrder(intent: IntentRow, remote: ProviderIntent): Promise<WriteOutcome> {
    const user = await users.findById(intent.userId);
    return db.transaction(async (tx) => {
      const [locked] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id)).for('update');
      if (!locked) throw new AppError('NOT_FOUND', M.paymentNotFound);
      const existing = await orders.findByPaymentIntent(intent.id, tx);
      if (existing) return { kind: 'existing', order: existing };
      if (locked.status === 'failed' || locked.status === 'canceled') {
        return { kind: 'failed', message: locked.failureMessage ?? M.paymentCanceled, release: false };
      }
      const lines = locked.cartSnapshot as SnapshotLine[];
      const shipping = locked.shippingInfo as ShippingInfo;
      try {
        // A savepoint: stock, coupon, order, cart and mail are written together or not at all.
        const { order, isNew } = await tx.transaction(async (sp) => {
          const inserted = await orders.insert(sp, {
            userId: locked.userId,
            paymentIntentId: locked.id,
            itemsPriceCents: locked.subtotalCents,
            discountCents: locked.discountCents,
            couponCode: locked.couponCode,
            shippingCents: locked.shippingCents,
            taxCents: locked.taxCents,
            totalCents: locked.amountCents,
            currency: locked.currency,
            shipping: {
              name: shipping.name,
              address: shipping.shippingAddress.street,
              city: shipping.shippingAddress.city,
              state: shipping.shippingAddress.state,
              postalCode: shipping.shippingAddress.zip,
              country: shipping.shippingAddress.country,
              phone: shipping.phoneNumber,
              method: shipping.shippingMethod,
            },
            paymentStatus: remote.status === 'succeeded' ? 'succeeded' : 'authorized',
            card: remote.paymentMethod,
            items: lines,
          });
          if (!inserted.isNew) return inserted;
          await setStockContext(sp, { reason: 'sale', orderId: inserted.order._id });
          await catalog.reserveStock(sp, lines);
          if (locked.couponCode) await coupons.redeem(sp, locked.couponCode);
          await cart.clear(sp, locked.userId);
          if (user) {
            const link = `${publicUrl}/order-confirmation/${inserted.order._id}`;
            await enqueueMail(
              sp,
              orderConfirmationMail({ to: user.email, name: user.name, order: inserted.order, link }),
            );
          }
          await setIntent(deps, locked.id, { status: remote.status, failureMessage: null }, sp);
          return inserted;
        });
        return { kind: isNew ? 'created' : 'existing', order };
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
        const message =
          error instanceof OutOfStockError ? M.soldOutWhilePaying(error.line.name, error.line.size) : error.message;
        await setIntent(deps, locked.id, { status: 'failed', failureMessage: message }, tx);
        return { kind: 'failed', message, release: true };
      }
    });
  }

  /** A card attached to a customer pays only that customer's intents; a card kept by no one is fine. */
  async function isOwnersCard(intent: IntentRow, remote: ProviderIntent): Promise<boolean> {
    const cardCustomer = remote.paymentMethod?.customerId ?? null;
    return cardCustomer === null || cardCustomer === (await customers.find(intent.userId));
  }

  /**
   * Turns a paid intent into its order, exactly once, whoever asks first: the browser's
   * confirm-order (with `userId`: another customer's intent is a 404), the provider's webhook or
   * the reconciliation sweep.
   */
  async function settlePayment(
    intentId: string,
    { userId, paymentMethodId }: { userId?: string; paymentMethodId?: string } = {},
  ): Promise<{ order: Order; isNew: boolean }> {
    const intent = await findIntent(deps, intentId);
    if (!intent || (userId !== undefined && intent.userId !== userId)) {
      throw new AppError('NOT_FOUND', M.paymentNotFound);
    }
    let remote: ProviderIntent | undefined;
    if (paymentMethodId !== undefined) {
      // A card the browser names must be the one this payment was made with, and the customer's.
      remote = await provider.retrieveIntent(intentId);
      if (remote.paymentMethod?.id !== paymentMethodId || !(await isOwnersCard(intent, remote))) {
        throw new AppError('NOT_FOUND', M.paymentMethodNotFound);
      }
    }
    const existing = await orders.findByPaymentIntent(intentId);
    if (existing) return { order: existing, isNew: false };
    if ((intent.status === 'failed' || intent.status === 'canceled') && intent.failureMessage) {
      throw new AppError('CONFLICT', intent.failureMessage);
    }

    remote ??= await provider.retrieveIntent(intentId);
    if (!isPaid(remote.status)) {
      await recordProviderStatus(deps, intentId, remote);
      // The webhook may have tried to write the order while we asked the provider: it then
      // released the authorization and recorded why (e.g. sold out), which the customer must read.
      const recorded = await findIntent(deps, intentId);
      if (recorded?.failureMessage && (recorded.status === 'failed' || recorded.status === 'canceled')) {
        throw new AppError('CONFLICT', recorded.failureMessage);
      }
      const message =
        remote.lastError?.message ?? (remote.status === 'canceled' ? M.paymentCanceled : M.paymentNotCompleted);
      throw new AppError('PAYMENT_FAILED', message);
    }
    if (remote.amountCents !== intent.amountCents || remote.currency !== intent.currency) {
      // Never an order for an amount we did not compute; the authorization is released.
      await setIntent(deps, intentId, { status: 'failed', failureMessage: M.amountMismatch });
      if (remote.status === 'requires_capture') await releaseAuthorization(deps, intentId);
      throw new AppError('VALIDATION_FAILED', M.amountMismatch);
    }
    if (!(await isOwnersCard(intent, remote))) {
      // Paid with another customer's card (the provider should have refused it): never an order.
      await setIntent(deps, intentId, { status: 'failed', failureMessage: M.paymentMethodNotFound });
      if (remote.status === 'requires_capture') await releaseAuthorization(deps, intentId);
      throw new AppError('NOT_FOUND', M.paymentMethodNotFound);
    }

    const outcome = await writeOrder(intent, remote);
    if (outcome.kind === 'failed') {
      if (outcome.release) await releaseAuthorization(deps, intentId);
      throw new AppError('CONFLICT', outcome.message);
    }
    // Another instance (or the webhook racing confirm-order) wrote it first.
    if (outcome.kind === 'existing') return { order: outcome.order, isNew: false };
    catalogChanges.changedHere();
    const order = remote.status === 'requires_capture' ? await capture(deps, intentId, outcome.order) : outcome.order;
    return { order, isNew: true };
  }

  async function completePayment(
    intentId: string,
    options: { userId?: string; paymentMethodId?: string } = {},
  ): Promise<Order> {
    return (await settlePayment(intentId, options)).order;
  }

  return {
    cartSummary: (userId: string) => cartSummary(deps, userId),
    createPaymentIntent: (userId: string, shippingInfo: ShippingInfo) =>
      createPaymentIntent(deps, userId, shippingInfo),

    completePayment,
    /** completePayment, telling whether this call wrote the order (the sweep counts only those). */
    settlePayment,

    /** POST /api/payment/webhook. A bad signature throws (400) before anything is read or written. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
      const event = await provider.verifyWebhook(rawBody, signature);
      const [seen] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id)).limit(1);
      if (seen) return { duplicate: true };
      const intent = event.intentId ? await findIntent(deps, event.intentId) : undefined;
      if (intent) {
        if (event.type === 'payment_intent.amount_capturable_updated' || event.type === 'payment_intent.succeeded') {
          try {
            await completePayment(intent.id);
          } catch (error) {
            // Expected outcomes (sold out, not paid, mismatch) are recorded on the intent already.
            if (!(error instanceof AppError)) throw error;
          }
        } else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') {
          await recordProviderStatus(deps, intent.id, await provider.retrieveIntent(intent.id));
        } else if (event.type === 'charge.refunded') {
          await onRefunded(intent.id);
        }
      }
      // Recorded once handled: a delivery that failed half-way is handled again when redelivered.
      await db
        .insert(webhookEvents)
        .values({ id: event.id, provider: provider.kind, type: event.type, receivedAt: clock() })
        .onConflictDoNothing();
      return { duplicate: false };
    },

    /**
     * For the reconciliation sweep: one page of the intents of a phase made before `before`, in id
     * order after `afterId`. Paging by the primary key alone never repeats or skips a row.
     */
    async sweepPage({
      phase,
      before,
      afterId,
      limit,
    }: {
      phase: SweepPhase;
      before: Date;
      afterId: string | undefined;
      limit: number;
    }): Promise<IntentRow[]> {
      const inPhase = {
        authorized: inArray(paymentIntents.status, AUTHORIZED_STATUSES),
        failed: eq(paymentIntents.status, 'failed'),
        open: notInArray(paymentIntents.status, [...FINAL_STATUSES, ...AUTHORIZED_STATUSES]),
      }[phase];
      return db
        .select()
        .from(paymentIntents)
        .where(
          and(
            inPhase,
            lt(paymentIntents.createdAt, before),
            afterId === undefined ? undefined : gt(paymentIntents.id, afterId),
          ),
        )
        .orderBy(asc(paymentIntents.id))
        .limit(limit);
    },

    capture: (id: string, order: Order) => capture(deps, id, order),
    releaseAuthorization: (id: string) => releaseAuthorization(deps, id),
    recordProviderStatus: (id: string, remote: ProviderIntent) => recordProviderStatus(deps, id, remote),
    findIntent: (id: string) => findIntent(deps, id),
    markIntent: (id: string, change: IntentChange, executor?: Database) => setIntent(deps, id, change, executor),
  };
}
