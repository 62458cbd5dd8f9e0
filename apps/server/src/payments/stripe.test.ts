import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES as M } from '@shopper/contract';
import { cartItems, orders, paymentCustomers, paymentIntents, savedPaymentMethods } from '../db/schema.ts';
import { insertProducts } from '../db/seed/seed-catalog.ts';
import { authHeader } from '../test/account-factory.ts';
import {
  confirmOrder,
  createIntent,
  createIntentOk,
  putInCart,
  SHIPPING,
  saveCard,
  savedCards,
  verifiedShopper,
} from '../test/checkout-factory.ts';
import { buildProduct } from '../test/product-factory.ts';
import { STAND_IN_KEYS, type StripeStandIn, stripeStandIn } from '../test/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createStripeProvider } from './stripe.ts';

const KEYS = STAND_IN_KEYS;
const signer = new Stripe('sk_test_unused');

let standIn: StripeStandIn;
let port: number;
let t: TestApp;
let product: string;

beforeAll(async () => {
  standIn = stripeStandIn();
  port = await standIn.start();
  t = await createTestApp(KEYS, { payments: { stripeConnection: { host: '127.0.0.1', port, protocol: 'http' } } });
  [product] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Stripe Tee', priceCents: 2_000, sizes: [{ size: 'M', stock: 100 }] }),
  ])) as [string];
});

afterAll(async () => {
  await t.close();
  await standIn.close();
});

function webhook(type: string, intentId: string, eventId: string, secret = KEYS.STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    data: { object: { id: intentId, object: 'payment_intent' } },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

describe('Stripe adapter against a local stand-in', () => {
  it('publishes the Stripe key to the browser and has no test-provider routes', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/payment/config' });
    expect(config.json()).toEqual({
      success: true,
      provider: 'stripe',
      publishableKey: 'pk_test_standin',
      guestCheckout: false,
    });
    const testRoute = await t.app.inject({
      method: 'POST',
      url: '/api/test-provider/payment_intents/pi_x/confirm',
      payload: {},
    });
    expect(testRoute.statusCode).toBe(404);
  });

  it('creates a manual-capture intent, completes the order from a signed webhook, then captures', async () => {
    const shopper = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, shopper.userId, product, 'M', 2);
    const intent = await createIntentOk(t.app, shopper.accessToken);
    const remote = standIn.intents.get(intent.paymentIntentId)!;
    expect(remote).toMatchObject({ amount: 4_320, currency: 'usd', capture_method: 'manual' });
    expect(remote.metadata.userId).toBe(shopper.userId);
    expect(intent.clientSecret).toBe(remote.client_secret);
    // The Payment Element offers cards, wallets and redirect methods; no card is kept unless asked.
    expect(remote.automatic_payment_methods).toEqual({ enabled: true });
    expect(remote.setup_future_usage).toBeNull();

    standIn.authorize(intent.paymentIntentId);
    const first = await webhook('payment_intent.amount_capturable_updated', intent.paymentIntentId, 'evt_1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await webhook('payment_intent.amount_capturable_updated', intent.paymentIntentId, 'evt_1');
    expect(again.json()).toMatchObject({ duplicate: true });
    expect(standIn.intents.get(intent.paymentIntentId)).toMatchObject({ status: 'succeeded', amount_received: 4_320 });

    const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(response.json()).toMatchObject({
      order: { totalAmount: 43.2, paymentInfo: { status: 'succeeded', brand: 'visa', last4: '4242' } },
    });
    const written = await t.database.db.select().from(orders).where(eq(orders.paymentIntentId, intent.paymentIntentId));
    expect(written).toHaveLength(1);
  });

  it('refuses a webhook signed with another secret', async () => {
    const shopper = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, shopper.userId, product, 'M', 1);
    const intent = await createIntentOk(t.app, shopper.accessToken);
    standIn.authorize(intent.paymentIntentId);
    const forged = await webhook('payment_intent.succeeded', intent.paymentIntentId, 'evt_2', 'whsec_attacker');
    expect(forged.statusCode).toBe(400);
    const written = await t.database.db.select().from(orders).where(eq(orders.paymentIntentId, intent.paymentIntentId));
    expect(written).toEqual([]);
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/payment/cart-summary',
      headers: authHeader(shopper.accessToken),
    });
    expect(summary.statusCode).toBe(200);
  });

  it('retrieves, captures and cancels idempotently, and maps an unknown intent to 404', async () => {
    const provider = createStripeProvider({
      secretKey: KEYS.STRIPE_SECRET_KEY,
      publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: KEYS.STRIPE_WEBHOOK_SECRET,
      connection: { host: '127.0.0.1', port, protocol: 'http' },
    });
    const customerId = await provider.createCustomer({ userId: 'u-1', email: 'a@example.com', name: 'A' });
    const created = await provider.createIntent({
      amountCents: 999,
      currency: 'usd',
      metadata: {},
      captureMethod: 'manual',
      customerId,
      keepCard: false,
    });
    expect(await provider.retrieveIntent(created.id)).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 999,
    });
    standIn.authorize(created.id, { last4: '0005' });
    expect(await provider.captureIntent(created.id)).toMatchObject({ status: 'succeeded', amountReceivedCents: 999 });
    expect(await provider.captureIntent(created.id)).toMatchObject({ status: 'succeeded' });

    const other = await provider.createIntent({
      amountCents: 500,
      currency: 'usd',
      metadata: {},
      captureMethod: 'manual',
      customerId,
      keepCard: false,
    });
    expect(await provider.cancelIntent(other.id)).toMatchObject({ status: 'canceled' });
    expect(await provider.cancelIntent(other.id)).toMatchObject({ status: 'canceled' });
    await expect(provider.retrieveIntent('pi_missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('Stripe Customers: a card serves only the customer who owns it (decision 015)', () => {
  async function shopperWithCart() {
    const shopper = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, shopper.userId, product, 'M', 1);
    return shopper;
  }

  async function customerOf(userId: string) {
    const rows = await t.database.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
    expect(rows).toHaveLength(1);
    return rows[0]!.customerId;
  }

  async function ordersOf(paymentIntentId: string) {
    return t.database.db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
  }

  it('makes one Stripe Customer per user, even for two first checkouts at once, and every intent carries it', async () => {
    const shopper = await shopperWithCart();
    const before = standIn.customers.size;
    const [first, second] = await Promise.all([
      createIntent(t.app, shopper.accessToken),
      createIntent(t.app, shopper.accessToken),
    ]);
    expect(first?.statusCode, first?.body).toBe(200);
    expect(second?.statusCode, second?.body).toBe(200);
    const customerId = await customerOf(shopper.userId);
    expect(standIn.customers.size).toBe(before + 1);
    expect(standIn.customers.get(customerId)?.metadata).toEqual({ userId: shopper.userId });

    await t.database.db.update(cartItems).set({ quantity: 2 }).where(eq(cartItems.userId, shopper.userId));
    const later = await createIntentOk(t.app, shopper.accessToken);
    for (const answer of [first, second]) {
      const id = answer.json<{ paymentIntentId: string }>().paymentIntentId;
      expect(standIn.intents.get(id)?.customer).toBe(customerId);
    }
    expect(standIn.intents.get(later.paymentIntentId)?.customer).toBe(customerId);
    expect(standIn.customers.size).toBe(before + 1);
  });

  it("refuses to save another customer's card with a 404, and attaches a new card to its saver", async () => {
    const alice = await verifiedShopper(t.app, t.database);
    const bob = await verifiedShopper(t.app, t.database);
    const alicesCard = standIn.createCard('1111');

    const saved = await saveCard(t.app, alice.accessToken, alicesCard);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ paymentMethod: { paymentMethodId: alicesCard, last4: '1111' } });
    const aliceCustomer = await customerOf(alice.userId);
    expect(standIn.cards.get(alicesCard)?.customer).toBe(aliceCustomer);
    expect((await saveCard(t.app, alice.accessToken, alicesCard)).statusCode).toBe(200);

    // The attack: before, any pm_… of the Stripe account was accepted and listed as Bob's.
    const stolen = await saveCard(t.app, bob.accessToken, alicesCard);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ success: false, code: 'NOT_FOUND', message: M.paymentMethodNotFound });
    expect(await savedCards(t.app, bob.accessToken)).toEqual([]);
    expect(standIn.cards.get(alicesCard)?.customer).toBe(aliceCustomer);
    const bobsRows = await t.database.db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.userId, bob.userId));
    expect(bobsRows).toEqual([]);

    const unknown = await saveCard(t.app, bob.accessToken, 'pm_does_not_exist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: M.paymentMethodNotFound });
  });

  it('refuses a card that was used once without being kept, and detaches a forgotten card', async () => {
    const shopper = await shopperWithCart();
    const intent = await createIntentOk(t.app, shopper.accessToken);
    standIn.authorize(intent.paymentIntentId, { last4: '2222' });
    const spent = standIn.intents.get(intent.paymentIntentId)!.payment_method!.id;
    const refused = await saveCard(t.app, shopper.accessToken, spent);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ param: 'paymentMethodId', msg: M.paymentMethodInvalid }],
    });

    const card = standIn.createCard('3333');
    expect((await saveCard(t.app, shopper.accessToken, card)).statusCode).toBe(200);
    const [kept] = await savedCards(t.app, shopper.accessToken);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/payments/payment-methods/${kept!._id}`,
      headers: authHeader(shopper.accessToken),
    });
    expect(removed.statusCode).toBe(200);
    expect(standIn.cards.get(card)?.customer).toBeNull();
    expect(await savedCards(t.app, shopper.accessToken)).toEqual([]);
  });

  it('pays with a saved card of the customer, and refuses to name someone else’s card at confirm-order', async () => {
    const alice = await shopperWithCart();
    const alicesCard = standIn.createCard('4444');
    expect((await saveCard(t.app, alice.accessToken, alicesCard)).statusCode).toBe(200);
    const paid = await createIntentOk(t.app, alice.accessToken);
    standIn.authorize(paid.paymentIntentId, { paymentMethodId: alicesCard });
    const mine = await confirmOrder(t.app, alice.accessToken, paid.paymentIntentId, alicesCard);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ order: { paymentInfo: { last4: '4444', status: 'succeeded' } } });

    const bob = await shopperWithCart();
    const bobs = await createIntentOk(t.app, bob.accessToken);
    // Stripe itself refuses Alice's card on Bob's intent, which now carries Bob's customer.
    expect(() => standIn.authorize(bobs.paymentIntentId, { paymentMethodId: alicesCard })).toThrow(/another customer/);
    standIn.authorize(bobs.paymentIntentId, { last4: '5555' });
    const named = await confirmOrder(t.app, bob.accessToken, bobs.paymentIntentId, alicesCard);
    expect(named.statusCode).toBe(404);
    expect(named.json()).toMatchObject({ code: 'NOT_FOUND', message: M.paymentMethodNotFound });
    expect(await ordersOf(bobs.paymentIntentId)).toEqual([]);
    const own = await confirmOrder(t.app, bob.accessToken, bobs.paymentIntentId);
    expect(own.json()).toMatchObject({ order: { paymentInfo: { last4: '5555' } } });
  });

  it('keeps the card when the shopper asks (setup_future_usage), replacing an intent made without it', async () => {
    const shopper = await shopperWithCart();
    const plain = await createIntentOk(t.app, shopper.accessToken);
    const keeping = await createIntent(t.app, shopper.accessToken, { shippingInfo: SHIPPING, saveCard: true });
    expect(keeping.statusCode, keeping.body).toBe(200);
    const kept = keeping.json<{ paymentIntentId: string }>().paymentIntentId;
    expect(kept).not.toBe(plain.paymentIntentId);
    expect(standIn.intents.get(plain.paymentIntentId)?.status).toBe('canceled');
    expect(standIn.intents.get(kept)).toMatchObject({
      setup_future_usage: 'off_session',
      automatic_payment_methods: { enabled: true },
    });
    const again = await createIntent(t.app, shopper.accessToken, { shippingInfo: SHIPPING, saveCard: true });
    expect(again.json<{ paymentIntentId: string }>().paymentIntentId).toBe(kept);

    standIn.authorize(kept, { last4: '7777' });
    expect((await confirmOrder(t.app, shopper.accessToken, kept)).statusCode).toBe(200);
    const card = standIn.intents.get(kept)!.payment_method!.id;
    const saved = await saveCard(t.app, shopper.accessToken, card);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ paymentMethod: { last4: '7777' } });
  });

  it("never writes an order for a payment made with another customer's card, and releases the money", async () => {
    const alice = await shopperWithCart();
    const alicesCard = standIn.createCard('6666');
    expect((await saveCard(t.app, alice.accessToken, alicesCard)).statusCode).toBe(200);
    const bob = await shopperWithCart();
    const bobs = await createIntentOk(t.app, bob.accessToken);
    // As if the provider had let it through: the shop's own check is the second line.
    standIn.authorize(bobs.paymentIntentId, { paymentMethodId: alicesCard, unchecked: true });

    const response = await confirmOrder(t.app, bob.accessToken, bobs.paymentIntentId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: M.paymentMethodNotFound });
    const hooked = await webhook('payment_intent.amount_capturable_updated', bobs.paymentIntentId, 'evt_foreign');
    expect(hooked.statusCode).toBe(200);
    expect(await ordersOf(bobs.paymentIntentId)).toEqual([]);
    expect(standIn.intents.get(bobs.paymentIntentId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    const [row] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, bobs.paymentIntentId));
    expect(row?.status).toBe('canceled');
  });
});

describe('provider choice', () => {
  it('refuses some but not all Stripe settings', async () => {
    const { readConfig } = await import('../config.ts');
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/set all three/);
    expect(readConfig({}).stripe).toBeUndefined();
    expect(readConfig(KEYS).stripe).toEqual({
      secretKey: 'sk_test_standin',
      publishableKey: 'pk_test_standin',
      webhookSecret: 'whsec_standin',
    });
  });
});
