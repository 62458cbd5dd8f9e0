import type { Order } from '@shopper/contract';
import type { CheckoutDeps } from './checkout-deps.ts';
import { setIntent } from './payment-intent-records.ts';

/** The undo of an authorization: release the money and close the intent. */
export async function releaseAuthorization(
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'provider' | 'log'>,
  id: string,
): Promise<void> {
  try {
    const remote = await deps.provider.cancelIntent(id);
    if (remote.status === 'canceled') await setIntent(deps, id, { status: 'canceled' });
  } catch (error) {
    // The reconciliation sweep releases it later; the customer's answer does not depend on it.
    deps.log.error({ err: error, paymentIntentId: id }, 'could not release a payment authorization');
  }
}

/** The last step: take the money for an order that is written. A failure is retried by the sweep. */
export async function capture(
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'provider' | 'orders' | 'log'>,
  id: string,
  order: Order,
): Promise<Order> {
  try {
    const remote = await deps.provider.captureIntent(id);
    if (remote.status !== 'succeeded') return order;
    await setIntent(deps, id, { status: 'succeeded', failureMessage: null });
    await deps.orders.setPaymentStatus(id, 'succeeded');
    return { ...order, paymentInfo: { ...order.paymentInfo, status: 'succeeded' } };
  } catch (error) {
    deps.log.error({ err: error, paymentIntentId: id }, 'could not capture an authorized payment');
    return order;
  }
}
