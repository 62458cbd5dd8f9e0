import { CHECKOUT_MESSAGES as M, TEST_WALLET, type TestIntentAnswer } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import type { Reconciler } from '../../modules/checkout/index.ts';
import {
  confirmOrder,
  createIntent,
  createIntentOk,
  payWithCard,
  putInCart,
  SHIPPING,
  saveCard,
  verifiedShopper,
} from '../../test/checkout-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { createWebhookDelivery, type WebhookDeliveryMode } from './webhook-delivery.ts';

type Intent = { paymentIntentId: string; clientSecret: string };

async function appWith(mode: WebhookDeliveryMode) {
  const clock = createTestClock();
  let reconciler: Reconciler | undefined;
  const delivery = createWebhookDelivery({ mode });
  const t = await createTestApp(
    {},
    {
      clock,
      payments: {
        webhookDelivery: delivery,
        onReconciler: (r) => {
          reconciler = r;
        },
      },
    },
  );
  const [product] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Wallet Tee', sizes: [{ size: 'M', stock: 100 }] }),
  ])) as [string];
  return { t, delivery, product, clock, sweep: () => reconciler!.sweep() };
}

const url = (intent: Intent, action = 'confirm') =>
  `/api/test-provider/payment_intents/${intent.paymentIntentId}${action ? `/${action}` : ''}`;

async function confirmWallet(t: TestApp, intent: Intent, returnUrl = '/checkout/return') {
  return t.app.inject({
    method: 'POST',
    url: url(intent),
    payload: { clientSecret: intent.clientSecret, method: TEST_WALLET, returnUrl },
  });
}

async function decide(t: TestApp, intent: Intent, outcome: 'complete' | 'fail', clientSecret = intent.clientSecret) {
  return t.app.inject({ method: 'POST', url: url(intent, 'wallet'), payload: { clientSecret, outcome } });
}

const ordersFor = (t: TestApp, id: string) => t.database.db.select().from(orders).where(eq(orders.paymentIntentId, id));

describe('the test wallet: a redirect method through the same server path', () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    app = await appWith('immediate');
  });
  afterAll(async () => {
    await app.t.close();
  });

  async function openIntent() {
    const shopper = await verifiedShopper(app.t.app, app.t.database);
    await putInCart(app.t.database, shopper.userId, app.product, 'M', 1);
    return { shopper, intent: await createIntentOk(app.t.app, shopper.accessToken) };
  }

  it('sends the shopper to its approval page, back to the return URL, and the webhook writes one order', async () => {
    const { shopper, intent } = await openIntent();
    const confirmed = await confirmWallet(app.t, intent, '/checkout/return?from=wallet');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<TestIntentAnswer>()).toMatchObject({
      status: 'requires_action',
      paymentMethod: null,
      nextAction: {
        type: 'redirect',
        url: `/test-wallet/${intent.paymentIntentId}?client_secret=${encodeURIComponent(intent.clientSecret)}`,
      },
    });

    const approved = await decide(app.t, intent, 'complete');
    expect(approved.statusCode, approved.body).toBe(200);
    const back = new URL(approved.json<{ returnUrl: string }>().returnUrl, 'http://shop.test');
    expect(back.pathname).toBe('/checkout/return');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      from: 'wallet',
      payment_intent: intent.paymentIntentId,
      payment_intent_client_secret: intent.clientSecret,
      redirect_status: 'succeeded',
    });

    // The shopper never came back: the webhook alone wrote the order.
    await app.delivery.settled();
    const [order] = await ordersFor(app.t, intent.paymentIntentId);
    expect(order).toMatchObject({ userId: shopper.userId, paymentStatus: 'succeeded' });
    // Coming back later finds that same order, and no second one.
    const returned = await confirmOrder(app.t.app, shopper.accessToken, intent.paymentIntentId);
    expect(returned.json()).toMatchObject({ order: { _id: order!.id } });
    expect(await ordersFor(app.t, intent.paymentIntentId)).toHaveLength(1);
    expect((await decide(app.t, intent, 'complete')).statusCode).toBe(409);
  });

  it('declined in the wallet: no order, the return page reads why, and the same payment can be paid by card', async () => {
    const { shopper, intent } = await openIntent();
    await confirmWallet(app.t, intent);
    const declined = await decide(app.t, intent, 'fail');
    expect(declined.json<{ returnUrl: string }>().returnUrl).toContain('redirect_status=failed');
    const returned = await confirmOrder(app.t.app, shopper.accessToken, intent.paymentIntentId);
    expect(returned.statusCode).toBe(402);
    expect(returned.json()).toMatchObject({ message: M.testWalletDeclined });
    expect(await ordersFor(app.t, intent.paymentIntentId)).toEqual([]);
    expect((await payWithCard(app.t.app, intent)).status).toBe('requires_capture');
  });

  it('refuses a return URL of another site, a wrong client secret, and the card challenge route', async () => {
    const { intent } = await openIntent();
    for (const returnUrl of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'checkout', '/a b']) {
      const response = await confirmWallet(app.t, intent, returnUrl);
      expect(response.statusCode, returnUrl).toBe(400);
    }
    expect((await decide(app.t, intent, 'complete')).statusCode).toBe(409);
    await confirmWallet(app.t, intent);
    expect((await decide(app.t, intent, 'complete', 'pi_x_secret_wrong')).statusCode).toBe(404);
    const challenge = await app.t.app.inject({
      method: 'POST',
      url: url(intent, 'authenticate'),
      payload: { clientSecret: intent.clientSecret, outcome: 'complete' },
    });
    expect(challenge.statusCode).toBe(409);
    const bad = await app.t.app.inject({
      method: 'POST',
      url: url(intent, 'wallet'),
      payload: { clientSecret: intent.clientSecret, outcome: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('pays with a kept card of the intent’s customer only', async () => {
    const { shopper: alice, intent: first } = await openIntent();
    const paid = await payWithCard(app.t.app, first);
    expect((await confirmOrder(app.t.app, alice.accessToken, first.paymentIntentId)).statusCode).toBe(200);
    const card = paid.paymentMethod!.id;
    expect((await saveCard(app.t.app, alice.accessToken, card)).statusCode).toBe(200);

    const { shopper: bob, intent: bobs } = await openIntent();
    const stolen = await app.t.app.inject({
      method: 'POST',
      url: url(bobs),
      payload: { clientSecret: bobs.clientSecret, paymentMethodId: card },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ message: M.paymentMethodNotFound });
    expect((await confirmOrder(app.t.app, bob.accessToken, bobs.paymentIntentId)).statusCode).toBe(402);

    await putInCart(app.t.database, alice.userId, app.product, 'M', 2);
    const second = await createIntentOk(app.t.app, alice.accessToken);
    const again = await app.t.app.inject({
      method: 'POST',
      url: url(second),
      payload: { clientSecret: second.clientSecret, paymentMethodId: card },
    });
    expect(again.json<TestIntentAnswer>()).toMatchObject({ status: 'requires_capture', paymentMethod: { id: card } });
    const order = await confirmOrder(app.t.app, alice.accessToken, second.paymentIntentId, card);
    expect(order.statusCode, order.body).toBe(200);
  });

  it('asks for the card to be kept only when told, and a new intent replaces one made otherwise', async () => {
    const shopper = await verifiedShopper(app.t.app, app.t.database);
    await putInCart(app.t.database, shopper.userId, app.product, 'M', 1);
    const plain = await createIntentOk(app.t.app, shopper.accessToken);
    const keep = await createIntent(app.t.app, shopper.accessToken, { shippingInfo: SHIPPING, saveCard: true });
    expect(keep.json<Intent>().paymentIntentId).not.toBe(plain.paymentIntentId);
    const wrong = await createIntent(app.t.app, shopper.accessToken, { shippingInfo: SHIPPING, saveCard: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: [{ param: 'saveCard' }] });
  });
});

describe('the test wallet when neither the shopper nor the webhook comes back', () => {
  it('the sweep writes the order', async () => {
    const { t, product, clock, sweep } = await appWith('none');
    try {
      const shopper = await verifiedShopper(t.app, t.database);
      await putInCart(t.database, shopper.userId, product, 'M', 1);
      const intent = await createIntentOk(t.app, shopper.accessToken);
      await confirmWallet(t, intent);
      await decide(t, intent, 'complete');
      clock.advance(11 * 60_000);
      await sweep();
      expect(await ordersFor(t, intent.paymentIntentId)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
