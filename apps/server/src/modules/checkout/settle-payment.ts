import { CHECKOUT_MESSAGES as M, type Order } from '@shopper/contract';
import { AppError } from '../../lib/app-error.ts';
import { isPaid, type ProviderIntent } from '../../payments/provider.ts';
import type { CheckoutDeps } from './checkout-deps.ts';
import { capture, releaseAuthorization } from './payment-authorization.ts';
import { findIntent, type IntentRow, recordProviderStatus, setIntent } from './payment-intent-records.ts';
import { writeOrder } from './write-order.ts';

/** Set by confirm-order only: the webhook and the sweep act for no customer and name no card. */
export type SettleOptions = { userId?: string; paymentMethodId?: string };

/** Settling reaches nearly all of checkout; only pricing (shipping and tax) and refunds stay out of it. */
type SettleDeps = Omit<CheckoutDeps, 'shipping' | 'tax' | 'onRefunded'>;

/** A card attached to a customer pays only that customer's intents; a card kept by no one is fine. */
async function isOwnersCard(
  { customers }: Pick<CheckoutDeps, 'customers'>,
  intent: IntentRow,
  remote: ProviderIntent,
): Promise<boolean> {
  const cardCustomer = remote.paymentMethod?.customerId ?? null;
  return cardCustomer === null || cardCustomer === (await customers.find(intent.userId));
}

/**
 * Turns a paid intent into its order, exactly once, whoever asks first: the browser's
 * confirm-order (with `userId`: another customer's intent is a 404), the provider's webhook or
 * the reconciliation sweep.
 */
export async function settlePayment(
  deps: SettleDeps,
  intentId: string,
  { userId, paymentMethodId }: SettleOptions = {},
): Promise<{ order: Order; isNew: boolean }> {
  const { provider, orders, catalogChanges } = deps;
  const intent = await findIntent(deps, intentId);
  if (!intent || (userId !== undefined && intent.userId !== userId)) {
    throw new AppError('NOT_FOUND', M.paymentNotFound);
  }
  let remote: ProviderIntent | undefined;
  if (paymentMethodId !== undefined) {
    // A card the browser names must be the one this payment was made with, and the customer's.
    remote = await provider.retrieveIntent(intentId);
    if (remote.paymentMethod?.id !== paymentMethodId || !(await isOwnersCard(deps, intent, remote))) {
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
  if (!(await isOwnersCard(deps, intent, remote))) {
    // Paid with another customer's card (the provider should have refused it): never an order.
    await setIntent(deps, intentId, { status: 'failed', failureMessage: M.paymentMethodNotFound });
    if (remote.status === 'requires_capture') await releaseAuthorization(deps, intentId);
    throw new AppError('NOT_FOUND', M.paymentMethodNotFound);
  }

  const outcome = await writeOrder(deps, intent, remote);
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

/** settlePayment for callers that need only the order. */
export async function completePayment(deps: SettleDeps, intentId: string, options: SettleOptions = {}): Promise<Order> {
  return (await settlePayment(deps, intentId, options)).order;
}
