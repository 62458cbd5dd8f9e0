import { CHECKOUT_MESSAGES as M, type Order, type ShippingInfo } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { paymentIntents } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ProviderIntent } from '../../payments/provider.ts';
import { itemLabel, OutOfStockError } from '../catalog/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { orderConfirmationMail } from '../orders/index.ts';
import { setStockContext } from '../stock/index.ts';
import type { CheckoutDeps } from './checkout-deps.ts';
import { type IntentRow, setIntent, type SnapshotLine } from './payment-intent-records.ts';

/** `release`: this call closed the intent, so it also lets the authorization go; false when another did. */
export type WriteOutcome =
  { kind: 'created' | 'existing'; order: Order } | { kind: 'failed'; message: string; release: boolean };

/**
 * Step 3, inside one transaction with our intent row locked: whoever comes second finds the order.
 * A conflict (a size sold out meanwhile) undoes the savepoint only, so the intent still records why
 * in this transaction; any other error undoes everything.
 */
export async function writeOrder(
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'orderPageLink' | 'cart' | 'coupons' | 'catalog' | 'orders' | 'users'>,
  intent: IntentRow,
  remote: ProviderIntent,
): Promise<WriteOutcome> {
  const { db, orderPageLink, cart, coupons, catalog, orders, users } = deps;
  const user = await users.findById(intent.userId);
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id)).for('update');
    if (!locked) throw new AppError('NOT_FOUND', M.paymentNotFound);
    const existing = await orders.findByPaymentIntent(intent.id, tx);
    if (existing) return { kind: 'existing', order: existing };
    if (locked.status === 'failed' || locked.status === 'canceled') {
      return { kind: 'failed', message: locked.failureMessage ?? M.paymentCanceled, release: false };
    }
    const snapshot = locked.cartSnapshot as SnapshotLine[];
    // An intent opened before colours existed names none: its lines take the default colour (decision 043).
    const defaults = snapshot.every((line) => line.colourId)
      ? new Map<string, string>()
      : await catalog.defaultColourIds(
          snapshot.map((line) => line.productId),
          tx,
        );
    const lines = snapshot.map((line) => ({
      ...line,
      colourId: line.colourId ?? defaults.get(line.productId) ?? '',
      colourName: line.colourName ?? '',
    }));
    const shipping = locked.shippingInfo as ShippingInfo;
    try {
      // A savepoint: stock, coupon, order, cart and mail are written together or not at all.
      const { order, isNew } = await tx.transaction(async (sp) => {
        // A product deleted since the intent was made has no colour left to sell.
        const colourless = lines.find((line) => !line.colourId);
        if (colourless) throw new OutOfStockError(colourless, 0);
        const inserted = await orders.insert(sp, {
          userId: locked.userId,
          paymentIntentId: locked.id,
          itemsPriceCents: locked.subtotalCents,
          discountCents: locked.discountCents,
          couponCode: locked.couponCode,
          shippingCents: locked.shippingCents,
          shippingTaxCents: locked.shippingTaxCents,
          pricesIncludeTax: locked.pricesIncludeTax,
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
            methodName: locked.shippingMethodName,
          },
          paymentStatus: remote.status === 'succeeded' ? 'succeeded' : 'authorized',
          card: remote.paymentMethod,
          items: lines.map((line) => ({
            ...line,
            colourId: line.colourId || null,
            taxRateMilli: line.taxRateMilli ?? 0,
            taxCents: line.taxCents ?? 0,
          })),
        });
        if (!inserted.isNew) return inserted;
        await setStockContext(sp, { reason: 'sale', orderId: inserted.order._id });
        await catalog.reserveStock(sp, lines);
        if (locked.couponCode) await coupons.redeem(sp, locked.couponCode);
        await cart.clear(sp, locked.userId);
        if (user) {
          const link = orderPageLink(inserted.order._id, user.guest);
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
        error instanceof OutOfStockError
          ? M.soldOutWhilePaying(itemLabel(error.line.name, error.line.colourName), error.line.size)
          : error.message;
      await setIntent(deps, locked.id, { status: 'failed', failureMessage: message }, tx);
      return { kind: 'failed', message, release: true };
    }
  });
}
