import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderEvents, orders, refunds, stockMovements, testProviderRefunds } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, mailsTo } from '../../test/account-factory.ts';
import { stockOf, verifiedShopper } from '../../test/checkout-factory.ts';
import { placeOrder } from '../../test/order-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createWebhookDelivery } from '../../payments/test-provider/webhook-delivery.ts';

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
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

// The customer's cancel and the staff's ship reach PostgreSQL at the same moment; both lock the
// order row, so whichever comes second finds the other's status and is refused whole.
it.each([1, 2, 3, 4, 5, 6])(
  'customer cancel racing staff ship (round %i): cancelled or shipped, never both',
  async (round) => {
    const [productId] = (await insertProducts(t.database.db, [
      buildProduct({ name: `Race Tee ${round}`, priceCents: 4_000, sizes: [{ size: 'M', stock: 5 }] }),
    ])) as [string];
    const customer = await verifiedShopper(t.app, t.database);
    const order = await placeOrder(t.app, t.database, customer, { productId, size: 'M', quantity: 2 });
    expect(await stockOf(t.database, productId, 'M')).toBe(3);

    const [cancel, ship] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/payment/order/${order.id}/cancel`,
        headers: authHeader(customer.accessToken),
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/ship`,
        headers: cast.staff.headers,
        payload: { carrier: 'UPS', trackingNumber: `1Z${round}` },
      }),
    ]);

    expect([cancel.statusCode, ship.statusCode].sort(), `${cancel.body} ${ship.body}`).toEqual([200, 409]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    const kinds = (await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).map(
      (e) => e.kind,
    );
    const refundRows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    const atProvider = await t.database.db
      .select()
      .from(testProviderRefunds)
      .where(eq(testProviderRefunds.intentId, order.paymentIntentId));
    const subjects = (await mailsTo(t.database, customer.email)).map((m) => m.subject);
    const stock = await stockOf(t.database, productId, 'M');
    if (cancel.statusCode === 200) {
      expect(row).toMatchObject({ status: 'Cancelled', paymentStatus: 'refunded', carrier: null });
      expect(kinds.sort()).toEqual(['cancelled', 'refunded']);
      expect(refundRows).toMatchObject([{ status: 'succeeded', amountCents: row!.totalCents }]);
      expect(atProvider).toHaveLength(1);
      expect(stock).toBe(5);
      expect(subjects.some((s) => s.endsWith('has shipped'))).toBe(false);
    } else {
      expect(row).toMatchObject({ status: 'Shipped', refundedCents: 0, carrier: 'UPS' });
      expect(kinds).toEqual(['shipped']);
      expect(refundRows).toEqual([]);
      expect(atProvider).toEqual([]);
      expect(stock).toBe(3);
      expect(subjects.some((s) => s.endsWith('was cancelled'))).toBe(false);
    }
    expect(await ledgerSum(productId)).toBe(stock);
  },
);
