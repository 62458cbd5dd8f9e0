import { TEST_CARD } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentIntents, testProviderIntents, webhookEvents } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { signWebhook } from '../../payments/webhook-signature.ts';
import {
  createWebhookDelivery,
  type WebhookDelivery,
  type WebhookDeliveryMode,
} from '../../payments/test-provider/webhook-delivery.ts';
import {
  confirmOrder,
  createIntentOk,
  payWithCard,
  putInCart,
  stockOf,
  verifiedShopper,
} from '../../test/checkout-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** One app per delivery mode, all on one database file each. */
async function appWith(mode: WebhookDeliveryMode) {
  const delivery = createWebhookDelivery({ mode });
  const t = await createTestApp({}, { payments: { webhookDelivery: delivery } });
  const [product] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Webhook Tee', sizes: [{ size: 'M', stock: 100 }] }),
  ])) as [string];
  return { t, delivery, product };
}

async function paidIntent(t: TestApp, product: string, card: string = TEST_CARD.success) {
  const shopper = await verifiedShopper(t.app, t.database);
  await putInCart(t.database, shopper.userId, product, 'M', 1);
  const intent = await createIntentOk(t.app, shopper.accessToken);
  await payWithCard(t.app, intent, card);
  return { shopper, intent };
}

const ordersFor = (t: TestApp, id: string) => t.database.db.select().from(orders).where(eq(orders.paymentIntentId, id));

describe.each([
  ['immediate', 'before confirm-order'],
  ['twice', 'twice at once'],
  ['late', 'after confirm-order'],
  ['out-of-order', 'newest first'],
] as const)('webhooks delivered %s (%s)', (mode, _when) => {
  let t: TestApp;
  let delivery: WebhookDelivery;
  let product: string;

  beforeAll(async () => {
    ({ t, delivery, product } = await appWith(mode));
  });
  afterAll(async () => {
    await t.close();
  });

  it('one payment gives exactly one order, whoever arrives first', async () => {
    const before = await stockOf(t.database, product, 'M');
    const { shopper, intent } = await paidIntent(t, product);
    await delivery.settled();
    const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(response.statusCode, response.body).toBe(200);
    await delivery.flush();
    // Redelivering everything again changes nothing either.
    for (const webhook of [...delivery.delivered]) {
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': webhook.signature },
        payload: webhook.body,
      });
      expect(again.json()).toMatchObject({ received: true, duplicate: true });
    }
    expect(await ordersFor(t, intent.paymentIntentId)).toHaveLength(1);
    expect(await stockOf(t.database, product, 'M')).toBe(before - 1);
    const [remote] = await t.database.db
      .select()
      .from(testProviderIntents)
      .where(eq(testProviderIntents.id, intent.paymentIntentId));
    expect(remote?.status).toBe('succeeded');
  });

  it('the webhook alone completes a payment whose tab was closed', async () => {
    const { intent } = await paidIntent(t, product);
    await delivery.flush();
    const [order] = await ordersFor(t, intent.paymentIntentId);
    expect(order?.paymentStatus).toBe('succeeded');
  });

  it('confirm-order racing the webhook gives one order', async () => {
    const shopper = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, shopper.userId, product, 'M', 1);
    const intent = await createIntentOk(t.app, shopper.accessToken);
    const [, a, b] = await Promise.all([
      payWithCard(t.app, intent),
      confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId),
      confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId),
      delivery.flush(),
    ]);
    await delivery.settled();
    await delivery.flush();
    // The confirmations may run before the card was paid (402); once paid, any later one finds the order.
    for (const r of [a, b]) expect([200, 402]).toContain(r.statusCode);
    const final = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(final.statusCode, final.body).toBe(200);
    expect(await ordersFor(t, intent.paymentIntentId)).toHaveLength(1);
  });

  it('a declined card gives no order, whichever webhooks arrive', async () => {
    const { intent } = await paidIntent(t, product, TEST_CARD.insufficientFunds);
    await delivery.flush();
    expect(await ordersFor(t, intent.paymentIntentId)).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intent.paymentIntentId));
    expect(row?.status).toBe('requires_payment_method');
  });
});

describe('webhook signatures', () => {
  let t: TestApp;
  let delivery: WebhookDelivery;
  let product: string;

  beforeAll(async () => {
    ({ t, delivery, product } = await appWith('late'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('a forged or missing signature answers 400 and changes nothing', async () => {
    const { intent } = await paidIntent(t, product);
    const held = delivery.heldCount;
    expect(held).toBe(1);
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'payment_intent.amount_capturable_updated',
      data: { object: { id: intent.paymentIntentId, object: 'payment_intent' } },
    });
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [signWebhook('whsec_guessed', body, now), 't=1,v1=00', undefined]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    expect(await ordersFor(t, intent.paymentIntentId)).toEqual([]);
    expect(await t.database.db.select().from(webhookEvents)).toEqual([]);

    // A genuine event whose body was altered in transit is refused as well.
    await delivery.flush();
    const genuine = delivery.delivered[0]!;
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': genuine.signature },
      payload: genuine.body.replace('amount_capturable_updated', 'succeeded'),
    });
    expect(tampered.statusCode).toBe(400);
  });
});
