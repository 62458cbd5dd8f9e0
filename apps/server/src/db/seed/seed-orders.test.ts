import { type AdminOrder, type HomeFigures, toDollars } from '@shopper/contract';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponDiscountCents } from '../../modules/cart/index.ts';
import { chargesFor, rateMilliOf } from '../../modules/tax/index.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import type { Database } from '../client.ts';
import {
  coupons,
  orderEvents,
  orderItems,
  orders,
  paymentIntents,
  productSizes,
  refunds,
  stockMovements,
  testProviderIntents,
  testProviderRefunds,
  users,
} from '../schema.ts';
import { DEMO_COUPONS, seedCouponsIfEmpty } from './demo-coupons.ts';
import {
  DEMO_CUSTOMERS,
  DEMO_HISTORY_DAYS,
  type DemoCoupon,
  type OrderableProduct,
  planDemoOrders,
  statusOf,
  stockEventsOf,
} from './demo-orders.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';
import { seedCatalogIfEmpty } from './seed-catalog.ts';
import { seedDemoOrdersIfEmpty } from './seed-orders.ts';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-11-26T15:30:00Z');
const TAX_RATE = 0.08;

const PRODUCTS: OrderableProduct[] = DEMO_PRODUCTS.map((p) => ({
  id: p.slug,
  name: p.name,
  image: p.images[0] ?? '',
  priceCents: p.priceCents,
  salePriceCents: p.salePriceCents,
  rating: p.rating,
  publishedAt: new Date(p.publishedAt),
  sizes: p.sizes,
}));
const COUPONS: DemoCoupon[] = DEMO_COUPONS.map((c) => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  minSubtotalCents: c.minSubtotalCents ?? 0,
  expiresAt: c.expiresAt ?? null,
  usageLimit: c.usageLimit ?? null,
  usedCount: c.usedCount ?? 0,
}));
const sizeKey = (productId: string, size: string) => `${productId}/${size}`;

describe('planDemoOrders', () => {
  const plans = planDemoOrders({ now: NOW, products: PRODUCTS, coupons: COUPONS, taxRate: TAX_RATE });
  const ageInDays = (at: Date) => (NOW.getTime() - at.getTime()) / DAY_MS;

  it('is the same history for the same day and catalog', () => {
    expect(planDemoOrders({ now: NOW, products: PRODUCTS, coupons: COUPONS, taxRate: TAX_RATE })).toEqual(plans);
  });

  it('covers about four months up to now, growing, busier at the weekend', () => {
    expect(plans.length).toBeGreaterThan(100);
    expect(plans.length).toBeLessThan(300);
    expect(plans.every((p) => p.placedAt < NOW && ageInDays(p.placedAt) <= DEMO_HISTORY_DAYS + 1)).toBe(true);
    expect(ageInDays(plans[0]!.placedAt)).toBeGreaterThan(DEMO_HISTORY_DAYS - 7);
    const within = (from: number, to: number) =>
      plans.filter((p) => ageInDays(p.placedAt) >= from && ageInDays(p.placedAt) < to).length;
    expect(within(0, 30)).toBeGreaterThan(1.5 * within(DEMO_HISTORY_DAYS - 30, DEMO_HISTORY_DAYS));
    const perDay = (days: number[]) => plans.filter((p) => days.includes(p.placedAt.getUTCDay())).length / days.length;
    expect(perDay([0, 6])).toBeGreaterThan(1.2 * perDay([2, 3, 4]));
  });

  it('has a few demo customers order what was on sale then, mostly one or two items', () => {
    const customers = new Set(plans.map((p) => p.customer));
    expect(customers.size).toBe(DEMO_CUSTOMERS.length);
    for (const plan of plans) {
      const joined = NOW.getTime() - DEMO_CUSTOMERS[plan.customer]!.joinedDaysAgo * DAY_MS;
      expect(plan.placedAt.getTime()).toBeGreaterThan(joined);
      for (const line of plan.lines) {
        const product = PRODUCTS.find((p) => p.id === line.productId)!;
        expect(product.publishedAt < plan.placedAt).toBe(true);
        expect(product.sizes.map((s) => s.size)).toContain(line.size);
      }
    }
    const small = plans.filter((p) => p.lines.length <= 2).length / plans.length;
    expect(small).toBeGreaterThan(0.65);
    expect(Math.max(...plans.map((p) => p.lines.length))).toBeLessThanOrEqual(4);
  });

  it('prices each order as checkout does: sale prices, the coupon, tax, free shipping', () => {
    for (const plan of plans) {
      for (const line of plan.lines) {
        const product = PRODUCTS.find((p) => p.id === line.productId)!;
        expect(line.unitPriceCents).toBe(product.salePriceCents ?? product.priceCents);
      }
      const subtotalCents = plan.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
      const coupon = COUPONS.find((c) => c.code === plan.couponCode);
      const discountCents = coupon ? couponDiscountCents(coupon, subtotalCents) : 0;
      const charges = chargesFor({
        lines: plan.lines,
        discountCents,
        shippingCents: 0,
        rule: { rateMilli: rateMilliOf(TAX_RATE), shippingRateMilli: null },
        pricesIncludeTax: false,
      });
      expect(plan).toMatchObject({
        subtotalCents,
        discountCents: charges.discountCents,
        taxCents: charges.taxCents,
        shippingCents: 0,
        totalCents: charges.totalCents,
      });
    }
    const used = new Set(plans.flatMap((p) => (p.couponCode ? [p.couponCode] : [])));
    expect(used).toEqual(new Set(['WELCOME10', 'SAVE20']));
  });

  it('delivered the old orders; recent ones are shipped or processing; a few cancelled or returned', () => {
    const statuses = plans.map(statusOf);
    const share = (status: string) => statuses.filter((s) => s === status).length / plans.length;
    expect(share('Delivered')).toBeGreaterThan(0.75);
    expect(share('Cancelled')).toBeGreaterThan(0);
    expect(share('Cancelled')).toBeLessThan(0.08);
    expect(statuses).toContain('Shipped');
    expect(statuses).toContain('Processing');
    for (const plan of plans) {
      if (ageInDays(plan.placedAt) > 12) expect(['Delivered', 'Cancelled']).toContain(statusOf(plan));
      if (statusOf(plan) === 'Processing') expect(ageInDays(plan.placedAt)).toBeLessThan(5);
      if (plan.shipped) expect(plan.shipped.at > plan.placedAt && plan.shipped.at < NOW).toBe(true);
      if (plan.deliveredAt) expect(plan.deliveredAt > plan.shipped!.at && plan.deliveredAt < NOW).toBe(true);
      if (plan.cancelledAt) expect(plan.shipped).toBeNull();
      if (plan.returned) {
        expect(plan.returned.at > plan.deliveredAt! && plan.returned.at < NOW).toBe(true);
        expect(plan.returned.amountCents).toBeGreaterThan(0);
        expect(plan.returned.amountCents).toBeLessThanOrEqual(plan.totalCents);
      }
    }
    const returned = plans.filter((p) => p.returned);
    expect(returned.length).toBeGreaterThan(0);
    expect(returned.some((p) => p.returned!.amountCents < p.totalCents)).toBe(true);
  });

  it('ends every size on the stock the catalog has now, never below zero on the way', () => {
    const stockNow = new Map(PRODUCTS.flatMap((p) => p.sizes.map((s) => [sizeKey(p.id, s.size), s.stock])));
    const events = stockEventsOf(plans);
    const change = new Map<string, number>();
    for (const event of events) {
      for (const line of event.lines) {
        const sign = event.reason === 'sale' ? -1 : 1;
        change.set(
          sizeKey(line.productId, line.size),
          (change.get(sizeKey(line.productId, line.size)) ?? 0) + sign * line.quantity,
        );
      }
    }
    const stock = new Map([...stockNow].map(([key, now]) => [key, now - (change.get(key) ?? 0)]));
    for (const event of events) {
      for (const line of event.lines) {
        const key = sizeKey(line.productId, line.size);
        const next = (stock.get(key) ?? 0) + (event.reason === 'sale' ? -line.quantity : line.quantity);
        expect(next, key).toBeGreaterThanOrEqual(0);
        stock.set(key, next);
      }
    }
    expect(stock).toEqual(stockNow);
  });
});

/** Every variant's ledger, oldest first, against its stock: the rows sum to it and each stockAfter runs on. */
async function expectLedgerConsistent(db: Database) {
  const sizes = await db.select().from(productSizes);
  const rows = await db.select().from(stockMovements).orderBy(asc(stockMovements.createdAt), asc(stockMovements.id));
  for (const size of sizes) {
    const own = rows.filter(
      (r) => r.productId === size.productId && r.colourId === size.colourId && r.size === size.size,
    );
    let running = 0;
    for (const row of own) {
      running += row.delta;
      expect(row.stockAfter, `${size.productId}/${size.size} at ${row.createdAt.toISOString()}`).toBe(running);
    }
    expect(running, `${size.productId}/${size.size}`).toBe(size.stock);
  }
}

describe('seedDemoOrdersIfEmpty', () => {
  let t: TestApp;
  let cast: BackOfficeCast;
  let seeded: { customers: number; orders: number };
  let seedMs: number;
  const clock = createTestClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    cast = await backOfficeCast(t.app, t.database);
    await seedCatalogIfEmpty(t.database.db, DEMO_PRODUCTS);
    await seedCouponsIfEmpty(t.database.db);
    const started = performance.now();
    seeded = await seedDemoOrdersIfEmpty(t.database.db, { now: NOW, taxRate: TAX_RATE });
    seedMs = performance.now() - started;
  });
  afterAll(async () => await t.close());

  const tally = async () => {
    const db = t.database.db;
    const counted = await Promise.all(
      [
        orders,
        orderItems,
        orderEvents,
        paymentIntents,
        testProviderIntents,
        refunds,
        testProviderRefunds,
        stockMovements,
        users,
      ].map(async (table) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0),
    );
    const usage = await db.select({ code: coupons.code, used: coupons.usedCount }).from(coupons).orderBy(coupons.code);
    return { counted, usage };
  };

  it('writes the history once, quickly; a second run changes nothing', async () => {
    console.info(`demo order history: ${seeded.orders} orders in ${Math.round(seedMs)} ms`);
    expect(seeded.customers).toBe(DEMO_CUSTOMERS.length);
    expect(seeded.orders).toBeGreaterThan(100);
    const before = await tally();
    expect(await seedDemoOrdersIfEmpty(t.database.db, { now: NOW, taxRate: TAX_RATE })).toEqual({
      customers: 0,
      orders: 0,
    });
    expect(await tally()).toEqual(before);
  });

  it('keeps the stock ledger summing to each size’s stock, and the catalog’s stock as it was', async () => {
    await expectLedgerConsistent(t.database.db);
    const sizes = await t.database.db.select().from(productSizes);
    // Every colour has a row for every size of its product (decision 043), 0 where it does not come in it.
    const expected = DEMO_PRODUCTS.flatMap((p) =>
      (p.colours ?? [{ sizes: p.sizes }]).flatMap((c) =>
        p.sizes.map((s) => c.sizes.find((own) => own.size === s.size)?.stock ?? 0),
      ),
    ).sort((a, b) => a - b);
    expect(sizes.map((s) => s.stock).sort((a, b) => a - b)).toEqual(expected);
  });

  it('records each order’s sale, cancellation and returns in the ledger on the day they happened', async () => {
    const db = t.database.db;
    const allOrders = await db.select().from(orders).orderBy(asc(orders.createdAt));
    const items = await db.select().from(orderItems);
    const movements = await db.select().from(stockMovements);
    const refundRows = await db.select().from(refunds);
    const numbers = allOrders.map((o) => Number(o.orderNumber.slice(3)));
    expect(numbers).toEqual(numbers.toSorted((a, b) => a - b));
    for (const order of allOrders) {
      const own = items.filter((i) => i.orderId === order.id);
      const moved = movements.filter((m) => m.orderId === order.id);
      const sales = moved.filter((m) => m.reason === 'sale');
      expect(sales.map((m) => [m.productId, m.size, m.delta]).sort()).toEqual(
        own.map((i) => [i.productId, i.size, -i.quantity]).sort(),
      );
      expect(sales.every((m) => m.createdAt.getTime() === order.createdAt.getTime())).toBe(true);
      const cancellations = moved.filter((m) => m.reason === 'cancellation');
      expect(cancellations.length).toBe(order.status === 'Cancelled' ? own.length : 0);
      const paid = refundRows.filter((r) => r.orderId === order.id && r.status === 'succeeded');
      expect(order.refundedCents).toBe(paid.reduce((sum, r) => sum + r.amountCents, 0));
      if (order.status === 'Cancelled') expect(order.refundedCents).toBe(order.totalCents);
    }
  });

  it('gives Home a month of days with orders', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: cast.owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    const home = response.json<HomeFigures>();
    const days = home.daily.filter((d) => d.orders > 0);
    expect(days.length).toBeGreaterThan(15);
    expect(home.windows.last30Days.orders).toBe(home.daily.reduce((sum, d) => sum + d.orders, 0));
    expect(home.windows.last30Days.revenue).toBeGreaterThan(1000);
    expect(home.topProducts).toHaveLength(5);
  });

  it('leaves orders the back office can ship, cancel and refund through the test-mode provider', async () => {
    const list = async (status: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/orders?status=${status}&sort=createdAt&dir=asc`,
          headers: cast.staff.headers,
        })
      ).json<{ items: { id: string; totalAmount: number; refundedAmount: number }[] }>().items;

    const [processing] = await list('Processing');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${processing!.id}/cancel`,
      headers: cast.staff.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const afterCancel = cancelled.json<{ order: AdminOrder }>().order;
    expect(afterCancel.refunds.map((r) => r.status)).toEqual(['succeeded']);
    expect(afterCancel.paymentInfo.status).toBe('refunded');

    const delivered = (await list('Delivered')).find((o) => o.refundedAmount === 0)!;
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/admin/orders/${delivered.id}`, headers: cast.staff.headers })
    ).json<{ order: AdminOrder }>().order;
    expect(detail.timeline.map((e) => e.kind)).toEqual(['placed', 'shipped', 'delivered']);
    const item = detail.items[0]!;
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${delivered.id}/refunds`,
      headers: cast.staff.headers,
      payload: { amount: toDollars(100), reason: 'A loose button', restock: [{ itemId: item._id, quantity: 1 }] },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<{ order: AdminOrder }>().order.paymentInfo.status).toBe('partially_refunded');
    await expectLedgerConsistent(t.database.db);

    const returnedBefore = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentStatus, 'partially_refunded'));
    expect(returnedBefore.length).toBeGreaterThan(1);
  });
});
