import { ADMIN_MESSAGES } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import type { TestProvider } from '../../payments/test-provider/test-provider.ts';
import { createWebhookDelivery, type WebhookDelivery } from '../../payments/test-provider/webhook-delivery.ts';
import { mailsTo, type TestAccount } from '../../test/account-factory.ts';
import { verifiedShopper } from '../../test/checkout-factory.ts';
import { placeOrder } from '../../test/order-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;
let shopper: TestAccount;
let productId: string;
let provider: TestProvider;
let delivery: WebhookDelivery;

beforeAll(async () => {
  // Webhooks held back and delivered newest first when the test flushes them.
  delivery = createWebhookDelivery({ mode: 'out-of-order' });
  t = await createTestApp(
    {},
    { payments: { webhookDelivery: delivery, onTestProvider: (testProvider) => (provider = testProvider) } },
  );
  cast = await backOfficeCast(t.app, t.database);
  shopper = await verifiedShopper(t.app, t.database);
  [productId] = (await insertProducts(t.database.db, [
    buildProduct({ priceCents: 2_000, sizes: [{ size: 'M', stock: 50 }] }),
  ])) as [string];
});
afterAll(async () => await t.close());

const buy = () => placeOrder(t.app, t.database, shopper, { productId, size: 'M', quantity: 1 });
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundRows = (id: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, id));
const mailSubjects = async (orderNumber: string) =>
  (await mailsTo(t.database, shopper.email)).map((m) => m.subject).filter((s) => s.includes(orderNumber));
const chargeRefundedDeliveries = () =>
  delivery.delivered.filter((w) => (JSON.parse(w.body) as { type: string }).type === 'charge.refunded');
/** Sends an already delivered webhook again, as a provider retrying would. */
const redeliver = (webhook: { body: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': webhook.signature },
    payload: webhook.body,
  });

describe('charge.refunded from the test-mode provider', () => {
  it('records refunds made in the provider’s dashboard once, delivered out of order and replayed', async () => {
    const order = await buy();
    const { orderNumber, totalCents } = await orderRow(order.id);
    await delivery.flush();
    const before = chargeRefundedDeliveries().length;
    await provider.refundFromDashboard(order.paymentIntentId, 300);
    await provider.refundFromDashboard(order.paymentIntentId, 400);
    expect(await refundRows(order.id)).toEqual([]);

    await delivery.flush();
    const delivered = chargeRefundedDeliveries().slice(before);
    expect(delivered).toHaveLength(2);
    for (const webhook of delivered) expect((await redeliver(webhook)).json()).toMatchObject({ duplicate: true });

    const rows = await refundRows(order.id);
    expect(rows.map((r) => r.amountCents).sort()).toEqual([300, 400]);
    expect(rows.every((r) => r.reason === ADMIN_MESSAGES.refundAtProvider && r.actorId === null)).toBe(true);
    expect(await orderRow(order.id)).toMatchObject({
      refundedCents: 700,
      paymentStatus: 'partially_refunded',
      status: 'Processing',
    });
    expect((await mailSubjects(orderNumber)).filter((s) => s.startsWith('A refund'))).toHaveLength(2);

    // The rest, in the dashboard too: the order is then refunded in full, as the back office marks it.
    await provider.refundFromDashboard(order.paymentIntentId, totalCents - 700);
    await delivery.flush();
    expect(await orderRow(order.id)).toMatchObject({ refundedCents: totalCents, paymentStatus: 'refunded' });
  });

  it("the echo of a back-office cancel's refund changes nothing and mails nothing more", async () => {
    const order = await buy();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/cancel`,
      headers: cast.staff.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const { orderNumber, totalCents } = await orderRow(order.id);
    const before = chargeRefundedDeliveries().length;
    await delivery.flush();
    expect(chargeRefundedDeliveries().length).toBe(before + 1);
    expect(await refundRows(order.id)).toMatchObject([{ status: 'succeeded', amountCents: totalCents }]);
    expect(await orderRow(order.id)).toMatchObject({ refundedCents: totalCents, paymentStatus: 'refunded' });
    expect((await mailSubjects(orderNumber)).filter((s) => s.endsWith('was cancelled'))).toHaveLength(1);
    expect((await mailSubjects(orderNumber)).filter((s) => s.startsWith('A refund'))).toEqual([]);
  });
});
