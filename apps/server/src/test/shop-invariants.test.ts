import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, productSizes, refunds, stockMovements, testProviderRefunds } from '../db/schema.ts';
import { insertProducts } from '../db/seed/seed-catalog.ts';
import { verifiedShopper } from './checkout-factory.ts';
import { placeOrder } from './order-factory.ts';
import { buildProduct, firstColourId } from './product-factory.ts';
import { assertShopInvariants, shopInvariantBreaches } from './shop-invariants.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let productId: string;
let colourId: string;
let order: { id: string; paymentIntentId: string };

beforeAll(async () => {
  t = await createTestApp();
  [productId] = (await insertProducts(t.database.db, [buildProduct({ sizes: [{ size: 'M', stock: 5 }] })])) as [string];
  colourId = await firstColourId(t.database.db, productId);
  const shopper = await verifiedShopper(t.app, t.database);
  order = await placeOrder(t.app, t.database, shopper, { productId, size: 'M', quantity: 2 });
});
afterAll(async () => await t.close());

/** Each breach is made by hand (what no route should ever do), checked, then undone. */
describe('shop invariants', () => {
  it('hold for a shop that only its API changed', async () => {
    expect(await shopInvariantBreaches(t.database.db)).toEqual([]);
    await expect(assertShopInvariants(t.database.db)).resolves.toBeUndefined();
  });

  it('catch a stock ledger that does not sum to the stock', async () => {
    const [row] = await t.database.db
      .insert(stockMovements)
      .values({ productId, colourId, size: 'M', delta: 4, stockAfter: 7, reason: 'adjustment' })
      .returning();
    expect(await shopInvariantBreaches(t.database.db)).toEqual([
      `stock ledger: product ${productId} colour ${colourId} size M has stock 3 but its movements sum to 7`,
    ]);
    await expect(assertShopInvariants(t.database.db, 'a hand-written movement')).rejects.toThrow(
      /shop invariants broken after a hand-written movement/,
    );
    await t.database.db.delete(stockMovements).where(eq(stockMovements.id, row!.id));
  });

  it('catch a colour without a row for one of the sizes of its product', async () => {
    const [product] = (await insertProducts(t.database.db, [
      buildProduct({
        colours: [
          { name: 'Sage', swatch: '#9aab8f', images: [], sizes: [{ size: 'M', stock: 0 }] },
          { name: 'Navy', swatch: '#1f2f4a', images: [], sizes: [{ size: 'L', stock: 0 }] },
        ],
      }),
    ])) as [string];
    const [sage] = await t.database.db.select().from(productSizes).where(eq(productSizes.productId, product));
    expect(await shopInvariantBreaches(t.database.db)).toEqual([]);
    const key = { productId: product, colourId: sage!.colourId, size: sage!.size };
    await t.database.db
      .delete(productSizes)
      .where(
        and(
          eq(productSizes.productId, key.productId),
          eq(productSizes.colourId, key.colourId),
          eq(productSizes.size, key.size),
        ),
      );
    expect(await shopInvariantBreaches(t.database.db)).toEqual([
      `grid: product ${product} colour ${key.colourId} has no row for size ${key.size}`,
    ]);
    await t.database.db.insert(productSizes).values({ ...key, position: sage!.position, stock: 0 });
    expect(await shopInvariantBreaches(t.database.db)).toEqual([]);
  });

  it('catch refunds the order does not account for, or more than it was paid', async () => {
    const { db } = t.database;
    const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
    await db.update(orders).set({ refundedCents: 100 }).where(eq(orders.id, order.id));
    expect((await shopInvariantBreaches(db)).join('\n')).toContain(
      `records 100 refunded, its succeeded refunds sum to 0`,
    );
    await db.update(orders).set({ refundedCents: 0 }).where(eq(orders.id, order.id));

    const [pending] = await db
      .insert(refunds)
      .values({
        orderId: order.id,
        amountCents: paid!.totalCents + 1,
        reason: 'too much',
        idempotencyKey: `return-${randomUUID()}`,
      })
      .returning();
    expect((await shopInvariantBreaches(db)).join('\n')).toContain(
      `paid ${paid!.totalCents} cents, records 0 refunded, its succeeded refunds sum to 0 and with those pending to ${paid!.totalCents + 1}`,
    );
    await db.delete(refunds).where(eq(refunds.id, pending!.id));

    const [atProvider] = await db
      .insert(testProviderRefunds)
      .values({
        id: `re_test_${randomUUID()}`,
        intentId: order.paymentIntentId,
        amountCents: paid!.totalCents + 1,
        idempotencyKey: randomUUID(),
      })
      .returning();
    expect((await shopInvariantBreaches(db)).join('\n')).toContain(`which refunded ${paid!.totalCents + 1}`);
    await db.delete(testProviderRefunds).where(eq(testProviderRefunds.id, atProvider!.id));
    expect(await shopInvariantBreaches(db)).toEqual([]);
  });
});
