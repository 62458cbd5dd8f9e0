import { CHECKOUT_MESSAGES as M } from '@shopper/contract';
import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders, refunds, stockMovements, testProviderIntents, testProviderRefunds } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import {
  confirmOrder,
  createIntentOk,
  payWithCard,
  putInCart,
  stockOf,
  verifiedShopper,
} from '../../test/checkout-factory.ts';
import { placeOrder } from '../../test/order-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createWebhookDelivery } from '../../payments/test-provider/webhook-delivery.ts';

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  // No webhooks: the second customer's payment is completed by their own confirm-order, at the
  // moment the test chooses, racing the cancel.
  t = await createTestApp({}, { payments: { webhookDelivery: createWebhookDelivery({ mode: 'none' }) } });
  cast = await backOfficeCast(t.app, t.database);
});
afterAll(async () => await t.close());

const ledgerSum = async (productId: string) =>
  Number(
    (
      await t.database.db
        .select({ total: sum(stockMovements.delta) })
        .from(stockMovements)
        .where(and(eq(stockMovements.productId, productId), eq(stockMovements.size, 'M')))
    )[0]?.total ?? 0,
  );

it.each([1, 2, 3, 4])(
  'cancel racing a checkout of the last units (round %i): one outcome per order, one refund, ledger = stock',
  async (round) => {
    const name = `Last Units Tee ${round}`;
    const [productId] = (await insertProducts(t.database.db, [
      buildProduct({ name, priceCents: 3_000, sizes: [{ size: 'M', stock: 2 }] }),
    ])) as [string];
    // Bea pays for both units while they are free; Al then buys one, so Bea's order needs Al's unit back.
    const bea = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, bea.userId, productId, 'M', 2);
    const beasIntent = await createIntentOk(t.app, bea.accessToken);
    await payWithCard(t.app, beasIntent);
    const al = await verifiedShopper(t.app, t.database);
    const alsOrder = await placeOrder(t.app, t.database, al, { productId, size: 'M', quantity: 1 });
    expect(await stockOf(t.database, productId, 'M')).toBe(1);

    const [cancel, checkout] = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/admin/orders/${alsOrder.id}/cancel`, headers: cast.staff.headers }),
      confirmOrder(t.app, bea.accessToken, beasIntent.paymentIntentId),
    ]);

    expect(cancel.statusCode, cancel.body).toBe(200);
    const [al1] = await t.database.db.select().from(orders).where(eq(orders.id, alsOrder.id));
    expect(al1).toMatchObject({ status: 'Cancelled', paymentStatus: 'refunded' });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, alsOrder.id))).toMatchObject([
      { status: 'succeeded' },
    ]);
    const providerRefunds = await t.database.db
      .select()
      .from(testProviderRefunds)
      .where(eq(testProviderRefunds.intentId, alsOrder.paymentIntentId));
    expect(providerRefunds).toHaveLength(1);

    const beasOrders = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.paymentIntentId, beasIntent.paymentIntentId));
    const [beasRemote] = await t.database.db
      .select()
      .from(testProviderIntents)
      .where(eq(testProviderIntents.id, beasIntent.paymentIntentId));
    const stock = await stockOf(t.database, productId, 'M');
    if (checkout.statusCode === 200) {
      // The cancel came first: Bea got both units, and her money was taken.
      expect(beasOrders).toHaveLength(1);
      expect(beasRemote?.status).toBe('succeeded');
      expect(stock).toBe(0);
    } else {
      // Bea's payment came first and found one unit: no order, her authorization released.
      expect(checkout.statusCode, checkout.body).toBe(409);
      expect(checkout.json().message).toBe(M.soldOutWhilePaying(name, 'M'));
      expect(beasOrders).toEqual([]);
      expect(beasRemote?.status).toBe('canceled');
      expect(stock).toBe(2);
    }
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(productId)).toBe(stock);
  },
);
