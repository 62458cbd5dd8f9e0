import type { HomeFigures } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, paymentIntents, products } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';

const clock = createTestClock(new Date('2026-11-23T15:00:00Z'));
let t: TestApp;
let cast: BackOfficeCast;

type Line = { productId: string | null; name: string; quantity: number; unitPriceCents: number };
let sequence = 0;

async function insertOrder(
  createdAt: string,
  totalCents: number,
  status: (typeof orders.$inferInsert)['status'],
  lines: Line[],
  refundedCents = 0,
) {
  sequence += 1;
  const intent = `pi_home_${sequence}`;
  await t.database.db.insert(paymentIntents).values({
    id: intent,
    provider: 'test',
    userId: cast.customer.userId,
    amountCents: totalCents,
    subtotalCents: totalCents,
    taxCents: 0,
    cartSnapshot: [],
    shippingInfo: {},
    status: 'succeeded',
  });
  const [order] = await t.database.db
    .insert(orders)
    .values({
      orderNumber: `SH-9${String(sequence).padStart(4, '0')}`,
      userId: cast.customer.userId,
      paymentIntentId: intent,
      itemsPriceCents: totalCents,
      shippingCents: 0,
      taxCents: 0,
      totalCents,
      status,
      shippingName: `Customer ${sequence}`,
      shippingAddress: '1 Main St',
      shippingCity: 'Springfield',
      shippingState: 'IL',
      shippingPostalCode: '62704',
      shippingCountry: 'US',
      shippingPhone: '5551234567',
      refundedCents,
      paymentStatus: refundedCents > 0 ? 'partially_refunded' : 'succeeded',
      createdAt: new Date(createdAt),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('no order');
  await t.database.db
    .insert(orderItems)
    .values(lines.map((line) => ({ ...line, orderId: order.id, image: '', size: 'M' })));
  return order.id;
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  cast = await backOfficeCast(t.app, t.database);
  const [x, y, draft] = (await insertProducts(t.database.db, [
    buildProduct({
      name: 'Home Tee',
      sizes: [
        { size: 'S', stock: 2 },
        { size: 'M', stock: 40 },
      ],
    }),
    buildProduct({ name: 'Home Jeans', sizes: [{ size: 'M', stock: 9 }] }),
    buildProduct({ name: 'Home Draft', sizes: [{ size: 'M', stock: 0 }] }),
  ])) as [string, string, string];
  await t.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, draft));
  await insertOrder('2026-11-23T10:00:00Z', 10_000, 'Processing', [
    { productId: x, name: 'Home Tee', quantity: 2, unitPriceCents: 4000 },
  ]);
  await insertOrder('2026-11-20T23:59:00Z', 5000, 'Shipped', [
    { productId: y, name: 'Home Jeans', quantity: 1, unitPriceCents: 5000 },
  ]);
  // A return refunded $12.50 of this one (a partial refund).
  await insertOrder(
    '2026-11-01T00:30:00Z',
    3000,
    'Delivered',
    [{ productId: x, name: 'Home Tee (old name)', quantity: 1, unitPriceCents: 3000 }],
    1250,
  );
  await insertOrder('2026-11-23T11:00:00Z', 99_900, 'Cancelled', [
    { productId: y, name: 'Home Jeans', quantity: 9, unitPriceCents: 11_100 },
  ]);
  await insertOrder('2026-10-01T08:00:00Z', 7000, 'Processing', [
    { productId: null, name: 'Gone Jacket', quantity: 1, unitPriceCents: 7000 },
  ]);
});
afterAll(async () => await t.close());

describe('GET /api/admin/home', () => {
  it('is for staff: guest 401, customer 403', async () => {
    expect(await guardAnswers(t.app, cast, { method: 'GET', url: '/api/admin/home' })).toEqual({
      guest: 401,
      customer: 403,
      staff: 200,
    });
  });

  it('answers revenue net of refunds, orders and average order value per window, cancelled orders left out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: cast.owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    const home = response.json<HomeFigures>();
    expect(home.windows).toEqual({
      today: { revenue: 100, orders: 1, averageOrderValue: 100 },
      last7Days: { revenue: 150, orders: 2, averageOrderValue: 75 },
      last30Days: { revenue: 167.5, orders: 3, averageOrderValue: 55.83 },
    });
    expect(home.daily).toHaveLength(30);
    expect(home.daily[0]).toEqual({ date: '2026-10-25', revenue: 0, orders: 0 });
    expect(home.daily.at(-1)).toEqual({ date: '2026-11-23', revenue: 100, orders: 1 });
    expect(home.daily.filter((d) => d.orders > 0).map((d) => [d.date, d.revenue])).toEqual([
      ['2026-11-01', 17.5],
      ['2026-11-20', 50],
      ['2026-11-23', 100],
    ]);
    expect(home.topProducts).toEqual([
      { productId: expect.any(String), name: 'Home Tee', quantity: 3, revenue: 110 },
      { productId: expect.any(String), name: 'Home Jeans', quantity: 1, revenue: 50 },
    ]);
    expect(home.lowStock.map((s) => [s.name, s.size, s.stock])).toEqual([['Home Tee', 'S', 2]]);
    expect(home.lowStockThreshold).toBe(5);
    expect(home.waitingToShip.count).toBe(2);
    expect(home.waitingToShip.oldest.map((o) => [o.customer, o.total])).toEqual([
      ['Customer 5', 70],
      ['Customer 1', 100],
    ]);
  });
});
