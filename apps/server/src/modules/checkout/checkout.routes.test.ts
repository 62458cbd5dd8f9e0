import {
  ACCOUNT_MESSAGES,
  CARD_ERRORS,
  CartSummaryAnswerSchema,
  CHECKOUT_MESSAGES as M,
  COUNTRY_CODES,
  CreatePaymentIntentAnswerSchema,
  OrderAnswerSchema,
  TEST_CARD,
} from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItems,
  coupons,
  mailOutbox,
  orders,
  paymentIntents,
  productSizes,
  testProviderIntents,
} from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, signUp, type TestAccount } from '../../test/account-factory.ts';
import {
  authenticate,
  confirmOrder,
  createIntent,
  createIntentOk,
  payWithCard,
  putInCart,
  SHIPPING,
  stockOf,
  verifiedShopper,
} from '../../test/checkout-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { createWebhookDelivery } from '../../payments/test-provider/webhook-delivery.ts';
import type { Reconciler } from './reconciler.ts';

let t: TestApp;
let reconciler: Reconciler;
const clock = createTestClock();
let tee: string;
let dress: string;

beforeAll(async () => {
  // No webhooks here: this file proves the browser's path (and the sweep) on their own.
  t = await createTestApp(
    { TAX_RATE: '0.08' },
    {
      clock,
      payments: {
        webhookDelivery: createWebhookDelivery({ mode: 'none' }),
        onReconciler: (r) => {
          reconciler = r;
        },
      },
    },
  );
  [tee, dress] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Checkout Tee', priceCents: 2_500, sizes: [{ size: 'M', stock: 50 }] }),
    buildProduct({
      name: 'Checkout Dress',
      category: 'women',
      priceCents: 8_000,
      salePriceCents: 5_999,
      sizes: [
        { size: 'S', stock: 50 },
        { size: 'L', stock: 1 },
      ],
    }),
  ])) as [string, string];
});

afterAll(async () => {
  await t.close();
});

/** A verified customer with 2 tees (2 × $25.00) and one discounted dress ($59.99) in the cart. */
async function shopperWithCart(): Promise<TestAccount> {
  const shopper = await verifiedShopper(t.app, t.database);
  await putInCart(t.database, shopper.userId, tee, 'M', 2);
  await putInCart(t.database, shopper.userId, dress, 'S', 1);
  return shopper;
}

const EXPECTED = { subtotal: 109.99, tax: 8.8, total: 118.79 };

async function ordersOf(paymentIntentId: string) {
  return t.database.db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
}

async function intentRow(id: string) {
  const [row] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row;
}

async function providerIntent(id: string) {
  const [row] = await t.database.db.select().from(testProviderIntents).where(eq(testProviderIntents.id, id));
  return row;
}

describe('GET /api/payment/config', () => {
  it('names the test-mode provider when no Stripe keys are set', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payment/config' });
    expect(response.json()).toEqual({ success: true, provider: 'test', guestCheckout: false });
  });
});

describe('GET /api/payment/cart-summary', () => {
  it('prices the server cart in dollars: tax on subtotal minus discount, free shipping', async () => {
    const shopper = await shopperWithCart();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/payment/cart-summary',
      headers: authHeader(shopper.accessToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(CartSummaryAnswerSchema.parse(response.json())).toEqual({
      success: true,
      amount: EXPECTED.total,
      subtotal: EXPECTED.subtotal,
      taxAmount: EXPECTED.tax,
      shippingAmount: 0,
      discount: 0,
      currency: 'usd',
      // Out of the box: one free method, `standard`, to all 24 countries, prices without tax.
      shippingMethod: 'standard',
      shippingMethods: [
        { id: 'standard', name: 'Standard', price: 0, estimate: '3–7 business days', isFreeByAmount: false },
      ],
      shipsTo: COUNTRY_CODES,
      pricesIncludeTax: false,
    });
  });

  it('applies a coupon before tax', async () => {
    await t.database.db.insert(coupons).values({ code: 'TENOFF', kind: 'percent', value: 10 });
    const shopper = await shopperWithCart();
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/coupon',
      headers: authHeader(shopper.accessToken),
      payload: { code: 'TENOFF' },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/payment/cart-summary',
      headers: authHeader(shopper.accessToken),
    });
    // 109.99 − 11.00 = 98.99; tax round(9899 × 0.08) = 792 cents.
    expect(response.json()).toMatchObject({ subtotal: 109.99, discount: 11, taxAmount: 7.92, amount: 106.91 });
  });

  it('answers 400 for an empty cart and 401 without a token', async () => {
    const shopper = await verifiedShopper(t.app, t.database);
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/payment/cart-summary',
      headers: authHeader(shopper.accessToken),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: M.cartEmpty });
    const stranger = await t.app.inject({ method: 'GET', url: '/api/payment/cart-summary' });
    expect(stranger.statusCode).toBe(401);
  });
});

describe('POST /api/payment/create-payment-intent', () => {
  it('creates a manual-capture intent for the server-computed amount, ignoring amounts sent by the browser', async () => {
    const shopper = await shopperWithCart();
    const response = await createIntent(t.app, shopper.accessToken, {
      shippingInfo: SHIPPING,
      amount: 0.01,
      totalAmount: 0.01,
      items: [{ productId: tee, price: 0.01, quantity: 2 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = CreatePaymentIntentAnswerSchema.parse(response.json());
    expect(answer.amount).toBe(EXPECTED.total);
    expect(answer.paymentIntentId).toMatch(/^pi_/);
    const row = await intentRow(answer.paymentIntentId);
    expect(row).toMatchObject({ userId: shopper.userId, amountCents: 11_879, subtotalCents: 10_999, taxCents: 880 });
    expect(row?.cartSnapshot).toHaveLength(2);
    const remote = await providerIntent(answer.paymentIntentId);
    expect(remote).toMatchObject({ amountCents: 11_879, captureMethod: 'manual', status: 'requires_payment_method' });
    expect(remote?.metadata).toEqual({ userId: shopper.userId });
  });

  it('asks for every shipping field with its one message', async () => {
    const shopper = await shopperWithCart();
    const { shippingAddress } = SHIPPING;
    const cases: Record<string, unknown>[] = [
      {},
      { shippingInfo: { ...SHIPPING, name: '' } },
      { shippingInfo: { ...SHIPPING, phoneNumber: '  ' } },
      { shippingInfo: { ...SHIPPING, shippingAddress: undefined } },
      ...(['street', 'city', 'state', 'country', 'zip'] as const).map((field) => ({
        shippingInfo: { ...SHIPPING, shippingAddress: { ...shippingAddress, [field]: '' } },
      })),
    ];
    for (const body of cases) {
      const response = await createIntent(t.app, shopper.accessToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: M.shippingFieldsRequired });
    }
  });

  it('refuses a country outside the 24 and a malformed zip; accepts a country name', async () => {
    const shopper = await shopperWithCart();
    const withAddress = (change: Record<string, string>) => ({
      shippingInfo: { ...SHIPPING, shippingAddress: { ...SHIPPING.shippingAddress, ...change } },
    });
    const badCountry = await createIntent(t.app, shopper.accessToken, withAddress({ country: 'ZZ' }));
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json()).toMatchObject({ message: M.countryInvalid });
    const badZip = await createIntent(t.app, shopper.accessToken, withAddress({ zip: '1' }));
    expect(badZip.json()).toMatchObject({ message: M.zipInvalid });
    const named = await createIntent(t.app, shopper.accessToken, withAddress({ country: 'germany' }));
    expect(named.statusCode, named.body).toBe(200);
    const row = await intentRow(named.json<{ paymentIntentId: string }>().paymentIntentId);
    expect(row?.shippingInfo).toMatchObject({ shippingAddress: { country: 'DE' } });
  });

  it('answers 400 for an empty cart, 409 when a line exceeds the stock now', async () => {
    const empty = await verifiedShopper(t.app, t.database);
    const noCart = await createIntent(t.app, empty.accessToken);
    expect(noCart.statusCode).toBe(400);
    expect(noCart.json()).toMatchObject({ message: M.cartEmpty });

    const greedy = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, greedy.userId, dress, 'L', 2);
    const tooMany = await createIntent(t.app, greedy.accessToken);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'CONFLICT', message: M.notEnoughStock('Checkout Dress', 'L', 1) });
  });

  it('needs a session (401) and a verified email (403) before reading the body', async () => {
    const stranger = await createIntent(t.app, 'not-a-token', {});
    expect(stranger.statusCode).toBe(401);
    const unverified = await signUp(t.app);
    await putInCart(t.database, unverified.userId, tee, 'M', 1);
    const response = await createIntent(t.app, unverified.accessToken, {});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: ACCOUNT_MESSAGES.emailVerificationRequired,
    });
  });
});

describe('POST /api/payment/confirm-order', () => {
  it('writes the order from the snapshot, takes the stock, clears the cart, mails, and captures', async () => {
    const shopper = await shopperWithCart();
    const teeBefore = await stockOf(t.database, tee, 'M');
    const intent = await createIntentOk(t.app, shopper.accessToken);
    const paid = await payWithCard(t.app, intent);
    expect(paid).toMatchObject({ status: 'requires_capture', lastPaymentError: null });

    const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(response.statusCode, response.body).toBe(200);
    const { order } = OrderAnswerSchema.parse(response.json());
    expect(order).toMatchObject({
      orderNumber: expect.stringMatching(/^SH-\d+$/),
      itemsPrice: EXPECTED.subtotal,
      taxAmount: EXPECTED.tax,
      totalAmount: EXPECTED.total,
      shippingAmount: 0,
      discount: 0,
      orderStatus: 'Processing',
      paymentIntentId: intent.paymentIntentId,
      paymentInfo: { paymentMethod: 'card', status: 'succeeded', brand: 'visa', last4: '4242' },
      shippingInfo: {
        name: 'Ada Lovelace',
        address: '12 Analytical Row',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62704',
        country: 'US',
        phoneNumber: '+1 555 123 4567',
      },
    });
    expect(order.items.map((i) => [i.name, i.size, i.quantity, i.price]).sort()).toEqual([
      ['Checkout Dress', 'S', 1, 59.99],
      ['Checkout Tee', 'M', 2, 25],
    ]);
    expect(await stockOf(t.database, tee, 'M')).toBe(teeBefore - 2);
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, shopper.userId))).toEqual([]);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
    expect(mails.map((m) => m.subject)).toContain(`Your SHOPPER order ${order.orderNumber}`);
    expect(await providerIntent(intent.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      amountReceivedCents: 11_879,
    });
    expect(await intentRow(intent.paymentIntentId)).toMatchObject({ status: 'succeeded' });
  });

  it('is idempotent: confirming twice, or twice at once, gives one order', async () => {
    const shopper = await shopperWithCart();
    const intent = await createIntentOk(t.app, shopper.accessToken);
    await payWithCard(t.app, intent);
    const [a, b] = await Promise.all([
      confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId),
      confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId),
    ]);
    const c = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    for (const r of [a, b, c]) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set([a, b, c].map((r) => r.json<{ order: { _id: string } }>().order._id));
    expect(ids.size).toBe(1);
    expect(await ordersOf(intent.paymentIntentId)).toHaveLength(1);
  });

  it('copies the prices of the snapshot, not later catalog changes', async () => {
    const shopper = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, shopper.userId, tee, 'M', 1);
    const intent = await createIntentOk(t.app, shopper.accessToken);
    await payWithCard(t.app, intent);
    const { products } = await import('../../db/schema.ts');
    await t.database.db.update(products).set({ priceCents: 99_900 }).where(eq(products.id, tee));
    const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    await t.database.db.update(products).set({ priceCents: 2_500 }).where(eq(products.id, tee));
    expect(response.json()).toMatchObject({ order: { itemsPrice: 25, totalAmount: 27 } });
  });

  it("answers 404 for another customer's intent and changes nothing", async () => {
    const owner = await shopperWithCart();
    const intruder = await verifiedShopper(t.app, t.database);
    const intent = await createIntentOk(t.app, owner.accessToken);
    await payWithCard(t.app, intent);
    const response = await confirmOrder(t.app, intruder.accessToken, intent.paymentIntentId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: M.paymentNotFound });
    expect(await ordersOf(intent.paymentIntentId)).toEqual([]);
    expect(await providerIntent(intent.paymentIntentId)).toMatchObject({ status: 'requires_capture' });
    const unknown = await confirmOrder(t.app, intruder.accessToken, 'pi_does_not_exist');
    expect(unknown.statusCode).toBe(404);
  });

  it('needs a session and a verified email', async () => {
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/payment/confirm-order',
      payload: { paymentIntentId: 'pi_x' },
    });
    expect(stranger.statusCode).toBe(401);
    const unverified = await signUp(t.app);
    const response = await confirmOrder(t.app, unverified.accessToken, 'pi_x');
    expect(response.statusCode).toBe(403);
  });

  it('answers 402 with the provider message before the card was confirmed', async () => {
    const shopper = await shopperWithCart();
    const intent = await createIntentOk(t.app, shopper.accessToken);
    const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: M.paymentNotCompleted });
  });

  for (const [label, number, message] of [
    ['declined (0002)', TEST_CARD.declined, CARD_ERRORS.card_declined],
    ['insufficient funds (9995)', TEST_CARD.insufficientFunds, CARD_ERRORS.insufficient_funds],
    ['incorrect CVC (0127)', TEST_CARD.incorrectCvc, CARD_ERRORS.incorrect_cvc],
    ['expired (0069)', TEST_CARD.expired, CARD_ERRORS.expired_card],
    ['processing error (0119)', TEST_CARD.processingError, CARD_ERRORS.processing_error],
  ] as const) {
    it(`a ${label} card gives no order, 402 with the provider's message, stock untouched`, async () => {
      const shopper = await shopperWithCart();
      const before = await stockOf(t.database, tee, 'M');
      const intent = await createIntentOk(t.app, shopper.accessToken);
      const answer = await payWithCard(t.app, intent, number);
      expect(answer).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { message } });
      const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
      expect(response.statusCode).toBe(402);
      expect(response.json()).toMatchObject({ code: 'PAYMENT_FAILED', message });
      expect(await ordersOf(intent.paymentIntentId)).toEqual([]);
      expect(await stockOf(t.database, tee, 'M')).toBe(before);
      expect(await intentRow(intent.paymentIntentId)).toMatchObject({ failureMessage: message });
    });
  }

  it('lets the customer retry with another card after a decline', async () => {
    const shopper = await shopperWithCart();
    const intent = await createIntentOk(t.app, shopper.accessToken);
    await payWithCard(t.app, intent, TEST_CARD.declined);
    await payWithCard(t.app, intent, TEST_CARD.success);
    const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('3-D Secure card: completing the challenge gives the order, failing it gives none', async () => {
    const shopper = await shopperWithCart();
    const intent = await createIntentOk(t.app, shopper.accessToken);
    const challenged = await payWithCard(t.app, intent, TEST_CARD.requiresAuthentication);
    expect(challenged).toMatchObject({ status: 'requires_action', nextAction: { type: 'challenge' } });
    const waiting = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(waiting.statusCode).toBe(402);
    expect(await authenticate(t.app, intent, 'complete')).toMatchObject({ status: 'requires_capture' });
    const done = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(done.statusCode, done.body).toBe(200);

    const other = await shopperWithCart();
    const second = await createIntentOk(t.app, other.accessToken);
    await payWithCard(t.app, second, TEST_CARD.requiresAuthentication);
    const failed = await authenticate(t.app, second, 'fail');
    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      lastPaymentError: { message: CARD_ERRORS.authentication_failed },
    });
    const response = await confirmOrder(t.app, other.accessToken, second.paymentIntentId);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ message: CARD_ERRORS.authentication_failed });
    expect(await ordersOf(second.paymentIntentId)).toEqual([]);
  });

  it('stock ran out after the intent: 409 with the sold-out message, authorization released, stock unchanged', async () => {
    const [lastOne] = await insertProducts(t.database.db, [
      buildProduct({ name: 'Last Jacket', sizes: [{ size: 'L', stock: 1 }] }),
    ]);
    const first = await verifiedShopper(t.app, t.database);
    const second = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, first.userId, lastOne!, 'L', 1);
    await putInCart(t.database, second.userId, lastOne!, 'L', 1);
    const a = await createIntentOk(t.app, first.accessToken);
    const b = await createIntentOk(t.app, second.accessToken);
    await payWithCard(t.app, a);
    await payWithCard(t.app, b);
    expect((await confirmOrder(t.app, first.accessToken, a.paymentIntentId)).statusCode).toBe(200);
    expect(await stockOf(t.database, lastOne!, 'L')).toBe(0);

    const response = await confirmOrder(t.app, second.accessToken, b.paymentIntentId);
    expect(response.statusCode).toBe(409);
    const message = M.soldOutWhilePaying('Last Jacket', 'L');
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message });
    expect(await providerIntent(b.paymentIntentId)).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
    expect(await intentRow(b.paymentIntentId)).toMatchObject({ status: 'canceled', failureMessage: message });
    expect(await stockOf(t.database, lastOne!, 'L')).toBe(0);
    expect(await ordersOf(b.paymentIntentId)).toEqual([]);
    // The customer keeps their cart to change it; asking again answers the same.
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, second.userId))).toHaveLength(1);
    const again = await confirmOrder(t.app, second.accessToken, b.paymentIntentId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message });
  });

  it('a paid amount that differs from ours never becomes an order: 400 and the authorization is released', async () => {
    const shopper = await shopperWithCart();
    const intent = await createIntentOk(t.app, shopper.accessToken);
    await payWithCard(t.app, intent);
    await t.database.db
      .update(testProviderIntents)
      .set({ amountCents: 1 })
      .where(eq(testProviderIntents.id, intent.paymentIntentId));
    const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: M.amountMismatch });
    expect(await ordersOf(intent.paymentIntentId)).toEqual([]);
    expect(await providerIntent(intent.paymentIntentId)).toMatchObject({ status: 'canceled' });
  });

  it('redeems the coupon with the order and refuses one that ran out meanwhile', async () => {
    await t.database.db.insert(coupons).values({ code: 'ONCE', kind: 'fixed', value: 500, usageLimit: 1 });
    const apply = async (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/cart/coupon', headers: authHeader(token), payload: { code: 'ONCE' } });
    const first = await shopperWithCart();
    const second = await shopperWithCart();
    await apply(first.accessToken);
    await apply(second.accessToken);
    const a = await createIntentOk(t.app, first.accessToken);
    const b = await createIntentOk(t.app, second.accessToken);
    expect(a.amount).toBe(113.39);
    await payWithCard(t.app, a);
    await payWithCard(t.app, b);
    const ok = await confirmOrder(t.app, first.accessToken, a.paymentIntentId);
    expect(ok.json()).toMatchObject({ order: { discount: 5, couponCode: 'ONCE', totalAmount: 113.39 } });
    const refused = await confirmOrder(t.app, second.accessToken, b.paymentIntentId);
    expect(refused.statusCode).toBe(409);
    expect(await providerIntent(b.paymentIntentId)).toMatchObject({ status: 'canceled' });
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'ONCE'));
    expect(coupon?.usedCount).toBe(1);
  });
});

describe('reconciliation sweep', () => {
  it('completes a payment whose customer closed the tab, and releases what it cannot fulfil', async () => {
    const shopper = await shopperWithCart();
    const intent = await createIntentOk(t.app, shopper.accessToken);
    await payWithCard(t.app, intent); // …and the tab closes: no confirm-order, no webhook.

    const early = await reconciler.sweep();
    expect(early.completed).toBe(0);
    expect(await ordersOf(intent.paymentIntentId)).toEqual([]);

    clock.advance(11 * 60_000);
    const report = await reconciler.sweep();
    expect(report.completed).toBeGreaterThanOrEqual(1);
    const [order] = await ordersOf(intent.paymentIntentId);
    expect(order).toMatchObject({ userId: shopper.userId, paymentStatus: 'succeeded' });
    expect(await providerIntent(intent.paymentIntentId)).toMatchObject({ status: 'succeeded' });

    // The customer comes back later: the confirmation finds the same order.
    const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(response.json()).toMatchObject({ order: { _id: order?.id } });
  });

  it('releases an authorization whose size sold out, and closes intents abandoned for a day', async () => {
    const [scarce] = await insertProducts(t.database.db, [
      buildProduct({ name: 'Scarce Scarf', sizes: [{ size: 'M', stock: 1 }] }),
    ]);
    const shopper = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, shopper.userId, scarce!, 'M', 1);
    const paid = await createIntentOk(t.app, shopper.accessToken);
    const leaver = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, leaver.userId, tee, 'M', 1);
    const abandoned = await createIntentOk(t.app, leaver.accessToken);
    await payWithCard(t.app, paid);
    await t.database.db.update(productSizes).set({ stock: 0 }).where(eq(productSizes.productId, scarce!));

    clock.advance(11 * 60_000);
    await reconciler.sweep();
    expect(await providerIntent(paid.paymentIntentId)).toMatchObject({ status: 'canceled' });
    expect(await ordersOf(paid.paymentIntentId)).toEqual([]);
    expect(await providerIntent(abandoned.paymentIntentId)).toMatchObject({ status: 'requires_payment_method' });

    clock.advance(24 * 60 * 60_000);
    await reconciler.sweep();
    expect(await providerIntent(abandoned.paymentIntentId)).toMatchObject({ status: 'canceled' });
    expect(await intentRow(abandoned.paymentIntentId)).toMatchObject({ status: 'canceled' });
  });
});
