import type { CartSummaryQuery, Order, ShippingInfo } from '@shopper/contract';
import type { Database } from '../../db/client.ts';
import type { ProviderIntent } from '../../payments/provider.ts';
import { cartSummary } from './cart-summary.ts';
import type { CheckoutDeps } from './checkout-deps.ts';
import { createPaymentIntent } from './create-payment-intent.ts';
import { capture, releaseAuthorization } from './payment-authorization.ts';
import { findIntent, type IntentChange, recordProviderStatus, setIntent } from './payment-intent-records.ts';
import { handleWebhook } from './payment-webhook.ts';
import { completePayment, type SettleOptions, settlePayment } from './settle-payment.ts';
import { type SweepPageQuery, sweepPage } from './sweep-page.ts';

export { MAX_OPEN_INTENTS_PER_USER } from './create-payment-intent.ts';
export type { IntentRow, SnapshotLine } from './payment-intent-records.ts';
export { SWEEP_PHASES, type SweepPhase } from './sweep-page.ts';

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/**
 * Checkout as explicit steps, each with its undo (docs/style.md#steps-with-undo; docs/decisions/007):
 * 1. price the server cart and open a manual-capture intent with the provider;
 * 2. the browser confirms the card with the provider (never with us);
 * 3. `completePayment`, reached from confirm-order, the webhook or the reconciliation sweep alike:
 *    ask the provider what happened, then in one transaction reserve stock, redeem the coupon,
 *    write the order, clear the cart and queue the mail — or, when that cannot be done, record
 *    why and release the authorization (the undo);
 * 4. capture the authorized money.
 *
 * Each step lives in a file of its own and is handed its dependencies, so it reads (and is tested)
 * alone; this factory only binds the steps to one set of dependencies.
 */
export function createCheckoutService(deps: CheckoutDeps) {
  return {
    cartSummary: (userId: string, query?: CartSummaryQuery) => cartSummary(deps, userId, query),
    createPaymentIntent: (userId: string, shippingInfo: ShippingInfo, options?: { keepCard?: boolean }) =>
      createPaymentIntent(deps, userId, shippingInfo, options),
    completePayment: (intentId: string, options?: SettleOptions) => completePayment(deps, intentId, options),
    /** completePayment, telling whether this call wrote the order (the sweep counts only those). */
    settlePayment: (intentId: string, options?: SettleOptions) => settlePayment(deps, intentId, options),
    handleWebhook: (rawBody: Buffer, signature: string | undefined) => handleWebhook(deps, rawBody, signature),
    sweepPage: (query: SweepPageQuery) => sweepPage(deps, query),
    capture: (id: string, order: Order) => capture(deps, id, order),
    releaseAuthorization: (id: string) => releaseAuthorization(deps, id),
    recordProviderStatus: (id: string, remote: ProviderIntent) => recordProviderStatus(deps, id, remote),
    findIntent: (id: string) => findIntent(deps, id),
    markIntent: (id: string, change: IntentChange, executor?: Database) => setIntent(deps, id, change, executor),
  };
}
