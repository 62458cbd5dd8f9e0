import { CHECKOUT_MESSAGES as M, type ShippingInfo, toDollars } from '@shopper/contract';
import { paymentIntents } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isPaid, type ProviderIntent } from '../../payments/provider.ts';
import { itemLabel } from '../catalog/index.ts';
import { CURRENCY, pricedCartOf } from './cart-summary.ts';
import type { CheckoutDeps } from './checkout-deps.ts';
import { checkoutFingerprint, type PricedCheckout } from './checkout-fingerprint.ts';
import { releaseAuthorization } from './payment-authorization.ts';
import {
  type IntentRow,
  openUnpaidIntentsOf,
  recordProviderStatus,
  setIntent,
  type SnapshotLine,
} from './payment-intent-records.ts';

/**
 * Unpaid intents one customer may hold open at once. A changed cart replaces its intent, so only a
 * burst of concurrent requests, or cancellations the provider refused, reach it.
 */
export const MAX_OPEN_INTENTS_PER_USER = 3;

type IntentDeps = Pick<CheckoutDeps, 'db' | 'clock' | 'provider' | 'log' | 'cart' | 'shipping' | 'tax' | 'customers'>;

const pricingOf = (row: IntentRow): PricedCheckout => ({
  lines: row.cartSnapshot as SnapshotLine[],
  amountCents: row.amountCents,
  subtotalCents: row.subtotalCents,
  discountCents: row.discountCents,
  taxCents: row.taxCents,
  shippingCents: row.shippingCents,
  shippingTaxCents: row.shippingTaxCents,
  pricesIncludeTax: row.pricesIncludeTax,
  shippingMethod: (row.shippingInfo as Partial<ShippingInfo>).shippingMethod ?? 'standard',
  shippingMethodName: row.shippingMethodName,
  couponCode: row.couponCode,
  currency: row.currency,
});

/**
 * The customer's open intent for exactly this pricing, if the provider still waits for its card;
 * every other unpaid intent of theirs is cancelled, since its cart is gone. An intent paid
 * meanwhile is left to become its order.
 */
async function reuseOrRetire(
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'provider' | 'log'>,
  userId: string,
  fingerprint: string,
  keepCard: boolean,
): Promise<ProviderIntent | undefined> {
  let reusable: ProviderIntent | undefined;
  for (const row of await openUnpaidIntentsOf(deps, userId)) {
    try {
      const remote = await deps.provider.retrieveIntent(row.id);
      if (
        !reusable &&
        remote.status === 'requires_payment_method' &&
        remote.clientSecret &&
        remote.keepsCard === keepCard &&
        checkoutFingerprint(pricingOf(row)) === fingerprint
      ) {
        reusable = remote;
      } else if (isPaid(remote.status) || remote.status === 'processing') {
        await recordProviderStatus(deps, row.id, remote);
      } else {
        await releaseAuthorization(deps, row.id);
      }
    } catch (error) {
      // Left open: the cap counts it and the sweep closes it later.
      deps.log.warn({ err: error, paymentIntentId: row.id }, 'could not check an open payment intent');
    }
  }
  return reusable;
}

/**
 * Step 1. Any amount the browser sent was dropped by the schema; this is priced from the database.
 * The customer's open intent is reused while the priced cart is unchanged (only the shipping
 * info is updated), and replaced when it changed: one checkout, one open intent. Asking to keep
 * the card, or no longer asking, also replaces it, since the provider fixed that at creation.
 */
export async function createPaymentIntent(
  deps: IntentDeps,
  userId: string,
  shippingInfo: ShippingInfo,
  { keepCard = false }: { keepCard?: boolean } = {},
) {
  const { db, provider, customers, clock } = deps;
  const { shippingAddress: address, shippingMethod } = shippingInfo;
  const destination = { country: address.country, state: address.state, method: shippingMethod };
  const { priced, totals, method } = await pricedCartOf(deps, userId, destination, true);
  const methodName = method?.name ?? shippingMethod;
  for (const line of priced.lines) {
    if (line.quantity > line.stock) {
      const name = itemLabel(line.name, line.showColour ? line.colourName : '');
      throw new AppError('CONFLICT', M.notEnoughStock(name, line.size, Math.max(0, line.stock)));
    }
  }
  const snapshot: SnapshotLine[] = priced.lines.map((line, index) => ({
    productId: line.productId,
    colourId: line.colourId,
    colourName: line.showColour ? line.colourName : '',
    name: line.name,
    image: line.image,
    size: line.size,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    taxRateMilli: totals.lines[index]?.taxRateMilli ?? 0,
    taxCents: totals.lines[index]?.taxCents ?? 0,
  }));
  const pricing: PricedCheckout = {
    lines: snapshot,
    amountCents: totals.totalCents,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    taxCents: totals.taxCents,
    shippingCents: totals.shippingCents,
    shippingTaxCents: totals.shippingTaxCents,
    pricesIncludeTax: totals.pricesIncludeTax,
    shippingMethod,
    shippingMethodName: methodName,
    couponCode: priced.coupon?.code ?? null,
    currency: CURRENCY,
  };
  const amount = toDollars(totals.totalCents);

  const reused = await reuseOrRetire(deps, userId, checkoutFingerprint(pricing), keepCard);
  if (reused?.clientSecret) {
    await setIntent(deps, reused.id, { shippingInfo });
    return { clientSecret: reused.clientSecret, paymentIntentId: reused.id, amount };
  }
  const tooMany = new AppError('RATE_LIMITED', M.tooManyOpenPayments);
  if ((await openUnpaidIntentsOf(deps, userId)).length >= MAX_OPEN_INTENTS_PER_USER) throw tooMany;

  const created = await provider.createIntent({
    amountCents: totals.totalCents,
    currency: CURRENCY,
    metadata: { userId },
    captureMethod: 'manual',
    customerId: await customers.idFor(userId),
    keepCard,
  });
  const now = clock();
  await db.insert(paymentIntents).values({
    id: created.id,
    provider: provider.kind,
    userId,
    amountCents: totals.totalCents,
    currency: CURRENCY,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    taxCents: totals.taxCents,
    shippingCents: totals.shippingCents,
    shippingTaxCents: totals.shippingTaxCents,
    pricesIncludeTax: totals.pricesIncludeTax,
    shippingMethodName: methodName,
    couponCode: priced.coupon?.code ?? null,
    cartSnapshot: snapshot,
    shippingInfo,
    status: created.status,
    createdAt: now,
    updatedAt: now,
  });
  // Concurrent requests may each have found room under the cap; counted again with this one in,
  // whoever finds it exceeded gives way, so the customer never keeps more open than the cap.
  if ((await openUnpaidIntentsOf(deps, userId)).length > MAX_OPEN_INTENTS_PER_USER) {
    await releaseAuthorization(deps, created.id);
    throw tooMany;
  }
  return { clientSecret: created.clientSecret, paymentIntentId: created.id, amount };
}
