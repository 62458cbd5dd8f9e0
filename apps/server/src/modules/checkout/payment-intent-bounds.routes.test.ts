import { ACCOUNT_MESSAGES, CHECKOUT_MESSAGES as M, TEST_CARD } from '@shopper/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, coupons, orders, paymentIntents, testProviderIntents } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, type TestAccount } from '../../test/account-factory.ts';
import {
  confirmOrder,
  createIntent,
  createIntentOk,
  payWithCard,
  putInCart,
  SHIPPING,
  verifiedShopper,
} from '../../test/checkout-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, createTestClock, RELAXED_RATE_LIMITS, type TestApp } from '../../test/test-app.ts';
import { createWebhookDelivery } from '../../payments/test-provider/webhook-delivery.ts';
import { MAX_OPEN_INTENTS_PER_USER } from './checkout.service.ts';
import type { Reconciler } from './reconciler.ts';

/** Decision 014: create-payment-intent cannot be called without bounds, and the sweep reaches every intent. */

const INTENT_LIMIT = { max: 8, windowMs: 60_000 };
let t: TestApp;
let reconciler: Reconciler;
const clock = createTestClock();
let tee: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      clock,
      payments: {
        // No webhooks: a paid intent then looks unpaid to us, as when a webhook is lost.
        webhookDelivery: createWebhookDelivery({ mode: 'none' }),
        onReconciler: (r) => {
          reconciler = r;
        },
      },
      rateLimits: { limits: { ...RELAXED_RATE_LIMITS, paymentIntentsPerUser: INTENT_LIMIT } },
    },
  );
  [tee] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Bounded Tee', priceCents: 2_500, sizes: [{ size: 'M', stock: 1_000 }] }),
  ])) as [string];
});

afterAll(async () => {
  await t.close();
});

async function shopperWithCart(quantity = 1): Promise<TestAccount> {
  const shopper = await verifiedShopper(t.app, t.database);
  await putInCart(t.database, shopper.userId, tee, 'M', quantity);
  return shopper;
}

/** The intents the provider holds for a customer, by status. */
async function providerIntentsOf(userId: string) {
  return t.database.db
    .select()
    .from(testProviderIntents)
    .where(sql`${testProviderIntents.metadata}->>'userId' = ${userId}`);
}

async function ourIntent(id: string) {
  const [row] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row;
}

describe('reusing the open payment intent', () => {
  it('answers the same intent while the cart is unchanged, keeping the newest shipping info', async () => {
    const shopper = await shopperWithCart(2);
    const first = await createIntentOk(t.app, shopper.accessToken);
    const moved = { ...SHIPPING, shippingAddress: { ...SHIPPING.shippingAddress, city: 'Shelbyville' } };
    const again = await createIntent(t.app, shopper.accessToken, { shippingInfo: moved });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first);

    // Before: every call opened another intent with the provider.
    expect(await providerIntentsOf(shopper.userId)).toHaveLength(1);
    expect((await ourIntent(first.paymentIntentId))?.shippingInfo).toMatchObject({
      shippingAddress: { city: 'Shelbyville' },
    });
    await payWithCard(t.app, first);
    const response = await confirmOrder(t.app, shopper.accessToken, first.paymentIntentId);
    expect(response.json()).toMatchObject({ order: { shippingInfo: { city: 'Shelbyville' } } });
  });

  it('reuses the intent after a declined card, so the retry pays the same intent', async () => {
    const shopper = await shopperWithCart();
    const first = await createIntentOk(t.app, shopper.accessToken);
    await payWithCard(t.app, first, TEST_CARD.declined);
    const retry = await createIntentOk(t.app, shopper.accessToken);
    expect(retry.paymentIntentId).toBe(first.paymentIntentId);
    await payWithCard(t.app, retry, TEST_CARD.success);
    expect((await confirmOrder(t.app, shopper.accessToken, retry.paymentIntentId)).statusCode).toBe(200);
  });

  it('replaces the intent when a quantity or the coupon changed, cancelling the old one with the provider', async () => {
    await t.database.db.insert(coupons).values({ code: 'BOUND10', kind: 'percent', value: 10 });
    const shopper = await shopperWithCart();
    const first = await createIntentOk(t.app, shopper.accessToken);

    await t.database.db.update(cartItems).set({ quantity: 3 }).where(eq(cartItems.userId, shopper.userId));
    const second = await createIntentOk(t.app, shopper.accessToken);
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(second.amount).toBe(81);

    const coupon = await t.app.inject({
      method: 'POST',
      url: '/api/cart/coupon',
      headers: authHeader(shopper.accessToken),
      payload: { code: 'BOUND10' },
    });
    expect(coupon.statusCode, coupon.body).toBe(200);
    const third = await createIntentOk(t.app, shopper.accessToken);
    expect(third.paymentIntentId).not.toBe(second.paymentIntentId);

    const remote = new Map((await providerIntentsOf(shopper.userId)).map((row) => [row.id, row.status]));
    expect(Object.fromEntries(remote)).toEqual({
      [first.paymentIntentId]: 'canceled',
      [second.paymentIntentId]: 'canceled',
      [third.paymentIntentId]: 'requires_payment_method',
    });
    expect(await ourIntent(first.paymentIntentId)).toMatchObject({ status: 'canceled' });
    expect(await ourIntent(second.paymentIntentId)).toMatchObject({ status: 'canceled' });
  });

  it('leaves an intent paid meanwhile to become its order, never cancelling it', async () => {
    const shopper = await shopperWithCart();
    const paid = await createIntentOk(t.app, shopper.accessToken);
    await payWithCard(t.app, paid); // …and the tab is gone before confirm-order.
    await t.database.db.update(cartItems).set({ quantity: 2 }).where(eq(cartItems.userId, shopper.userId));
    const next = await createIntentOk(t.app, shopper.accessToken);
    expect(next.paymentIntentId).not.toBe(paid.paymentIntentId);
    const [remote] = (await providerIntentsOf(shopper.userId)).filter((row) => row.id === paid.paymentIntentId);
    expect(remote?.status).toBe('requires_capture');
    expect(await ourIntent(paid.paymentIntentId)).toMatchObject({ status: 'requires_capture' });
    expect((await confirmOrder(t.app, shopper.accessToken, paid.paymentIntentId)).statusCode).toBe(200);
  });
});

describe('bounds on a customer asking for intents', () => {
  // PGlite answers one query at a time, so there the burst is served in turn; on PostgreSQL
  // (DATABASE_URL) the requests really race, and before the cap each one left an intent open.
  it(`keeps at most ${MAX_OPEN_INTENTS_PER_USER} unpaid intents open, even for requests at once`, async () => {
    const shopper = await shopperWithCart();
    const answers = await Promise.all(
      Array.from({ length: INTENT_LIMIT.max - 1 }, () => createIntent(t.app, shopper.accessToken)),
    );
    for (const answer of answers) {
      expect([200, 429], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 429) {
        expect(answer.json()).toEqual({ success: false, code: 'RATE_LIMITED', message: M.tooManyOpenPayments });
      }
    }
    const openOf = async () =>
      (await providerIntentsOf(shopper.userId)).filter((row) => row.status === 'requires_payment_method');
    const open = await openOf();
    expect(open.length).toBeLessThanOrEqual(MAX_OPEN_INTENTS_PER_USER);
    const ours = await t.database.db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.userId, shopper.userId), eq(paymentIntents.status, 'requires_payment_method')));
    expect(ours.map((row) => row.id).sort()).toEqual(open.map((row) => row.id).sort());

    // A burst is refused, not the customer: the next checkout goes through with one intent open.
    const after = await createIntentOk(t.app, shopper.accessToken);
    expect((await openOf()).map((row) => row.id)).toEqual([after.paymentIntentId]);
  });

  it('limits the attempts per customer with a clear 429, without touching anyone else', async () => {
    const shopper = await shopperWithCart();
    for (let i = 0; i < INTENT_LIMIT.max; i += 1) {
      const answer = await createIntent(t.app, shopper.accessToken, i % 2 === 0 ? {} : { shippingInfo: SHIPPING });
      expect(answer.statusCode, answer.body).not.toBe(429);
    }
    const refused = await createIntent(t.app, shopper.accessToken);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, code: 'RATE_LIMITED', message: ACCOUNT_MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await providerIntentsOf(shopper.userId)).toHaveLength(1);

    const other = await shopperWithCart();
    expect((await createIntent(t.app, other.accessToken)).statusCode).toBe(200);
  });
});

describe('the reconciliation sweep reaches every open intent', () => {
  it('completes a paid order in one run behind 150 older junk intents, then closes every one of them', async () => {
    const spammer = await verifiedShopper(t.app, t.database);
    const longAgo = new Date(clock().getTime() - 60 * 60_000);
    // Ids sorting before any real one, so the paid intent is on the sweep's last page.
    const junk = Array.from({ length: 150 }, (_, i) => `pi_test_0000000000junk${String(i).padStart(3, '0')}`);
    await t.database.db.insert(testProviderIntents).values(
      junk.map((id) => ({
        id,
        clientSecret: `${id}_secret`,
        amountCents: 2_700,
        currency: 'usd',
        status: 'requires_payment_method',
        metadata: { userId: spammer.userId },
        createdAt: longAgo,
        updatedAt: longAgo,
      })),
    );
    await t.database.db.insert(paymentIntents).values(
      junk.map((id) => ({
        id,
        provider: 'test' as const,
        userId: spammer.userId,
        amountCents: 2_700,
        subtotalCents: 2_500,
        taxCents: 200,
        cartSnapshot: [],
        shippingInfo: SHIPPING,
        status: 'requires_payment_method',
        createdAt: longAgo,
        updatedAt: longAgo,
      })),
    );

    const customer = await shopperWithCart();
    const paid = await createIntentOk(t.app, customer.accessToken);
    await payWithCard(t.app, paid); // The tab closes and the webhook is lost.
    clock.advance(11 * 60_000);

    // Before: the sweep looked only at the 100 oldest open intents, all junk, for a day.
    const report = await reconciler.sweep();
    expect(report).toMatchObject({ completed: 1, failed: 0 });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.paymentIntentId, paid.paymentIntentId));
    expect(order).toMatchObject({ userId: customer.userId, paymentStatus: 'succeeded' });

    clock.advance(24 * 60 * 60_000);
    const closing = await reconciler.sweep();
    expect(closing.closed).toBeGreaterThanOrEqual(junk.length);
    const still = await t.database.db
      .select({ id: paymentIntents.id })
      .from(paymentIntents)
      .where(and(inArray(paymentIntents.id, junk), eq(paymentIntents.status, 'requires_payment_method')));
    expect(still).toEqual([]);
  });
});
