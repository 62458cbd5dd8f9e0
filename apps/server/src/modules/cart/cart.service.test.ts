import { CART_MESSAGES as M, DEFAULT_COLOUR_NAME } from '@shopper/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../db/schema.ts';
import { DEMO_COUPONS, seedCouponsIfEmpty } from '../../db/seed/demo-coupons.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { signUp } from '../../test/account-factory.ts';
import { cartClient } from '../../test/cart-client.ts';
import { insertCoupon } from '../../test/coupon-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCatalogService } from '../catalog/index.ts';
import { createCartService } from './cart.service.ts';
import { createCouponsService } from './coupons.service.ts';

let t: TestApp;
let shirt: string;
let jeans: string;
const clock = () => new Date('2026-06-01T12:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
  [shirt, jeans] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Service Shirt', priceCents: 4_000, salePriceCents: 2_999, sizes: [{ size: 'M', stock: 4 }] }),
    buildProduct({ name: 'Service Jeans', priceCents: 7_000, sizes: [{ size: 'L', stock: 0 }] }),
  ])) as [string, string];
});

afterAll(async () => {
  await t.close();
});

function services() {
  const { db } = t.database;
  const couponsService = createCouponsService({ db, clock });
  const cart = createCartService({ db, catalog: createCatalogService({ db }), clock, coupons: couponsService });
  return { cart, coupons: couponsService };
}

async function usedCount(code: string): Promise<number | undefined> {
  const [row] = await t.database.db.select().from(coupons).where(eq(coupons.code, code));
  return row?.usedCount;
}

describe('getPricedCart (what checkout charges)', () => {
  it('prices every line from the database, in cents, with the coupon', async () => {
    const account = await signUp(t.app);
    const shopper = cartClient(t.app, account.accessToken);
    await shopper.add({ productId: shirt, size: 'M', quantity: 3 });
    await insertCoupon(t.database, { code: 'PRICED15', value: 15 });
    await shopper.applyCoupon({ code: 'priced15' });

    const priced = await services().cart.getPricedCart(account.userId);
    expect(priced).toEqual({
      lines: [
        {
          productId: shirt,
          colourId: expect.any(String),
          colourName: DEFAULT_COLOUR_NAME,
          showColour: false,
          swatch: expect.any(String),
          name: 'Service Shirt',
          image: expect.any(String),
          size: 'M',
          quantity: 3,
          unitPriceCents: 2_999,
          regularPriceCents: 4_000,
          salePriceCents: 2_999,
          stock: 4,
        },
      ],
      subtotalCents: 8_997,
      discountCents: 1_350,
      coupon: { code: 'PRICED15', kind: 'percent', value: 15, description: 'Test coupon' },
      totalItems: 3,
    });
  });

  it('reports stock 0 for a line whose size sold out after it was added', async () => {
    const account = await signUp(t.app);
    const shopper = cartClient(t.app, account.accessToken);
    await shopper.sync({ items: [{ productId: jeans, size: 'L', quantity: 1 }] });
    await shopper.add({ productId: shirt, size: 'M', quantity: 1 });
    await t.database.db.execute(sql`update product_sizes set stock = 0 where product_id = ${shirt}`);
    const priced = await services().cart.getPricedCart(account.userId);
    expect(priced.lines.map((l) => l.stock)).toEqual([0]);
    const wire = (await shopper.get()).json().cart.items[0];
    expect(wire).toMatchObject({ inStock: false, maxQuantity: 0 });
    await t.database.db.execute(sql`update product_sizes set stock = 4 where product_id = ${shirt}`);
  });
});

describe('clear(tx, userId)', () => {
  it('works inside a caller’s transaction and rolls back with it', async () => {
    const account = await signUp(t.app);
    const shopper = cartClient(t.app, account.accessToken);
    await shopper.add({ productId: shirt, size: 'M', quantity: 1 });
    const { cart } = services();

    await expect(
      t.database.db.transaction(async (tx) => {
        await cart.clear(tx, account.userId);
        expect((await cart.getPricedCart(account.userId, tx)).lines).toEqual([]);
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    expect((await cart.getPricedCart(account.userId)).totalItems).toBe(1);

    await t.database.db.transaction(async (tx) => cart.clear(tx, account.userId));
    expect((await cart.getPricedCart(account.userId)).totalItems).toBe(0);
  });
});

describe('coupons.redeem and release', () => {
  it('counts uses up to the limit, then refuses with CONFLICT', async () => {
    await insertCoupon(t.database, { code: 'TWICE', value: 10, usageLimit: 2 });
    const { coupons: service } = services();
    await t.database.db.transaction((tx) => service.redeem(tx, 'twice'));
    await t.database.db.transaction((tx) => service.redeem(tx, 'TWICE'));
    expect(await usedCount('TWICE')).toBe(2);
    await expect(t.database.db.transaction((tx) => service.redeem(tx, 'TWICE'))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: M.couponExhausted,
    });
    expect(await usedCount('TWICE')).toBe(2);

    await t.database.db.transaction((tx) => service.release(tx, 'TWICE'));
    expect(await usedCount('TWICE')).toBe(1);
  });

  it('never goes past the limit under concurrent orders', async () => {
    await insertCoupon(t.database, { code: 'RUSH', value: 10, usageLimit: 3 });
    const { coupons: service } = services();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => t.database.db.transaction((tx) => service.redeem(tx, 'RUSH'))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await usedCount('RUSH')).toBe(3);
  });

  it('counts unlimited codes without end, refuses unknown ones, and never releases below 0', async () => {
    await insertCoupon(t.database, { code: 'ENDLESS', value: 10 });
    const { coupons: service } = services();
    for (let i = 0; i < 3; i += 1) await t.database.db.transaction((tx) => service.redeem(tx, 'ENDLESS'));
    expect(await usedCount('ENDLESS')).toBe(3);
    await expect(t.database.db.transaction((tx) => service.redeem(tx, 'NOSUCH'))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: M.couponInvalid,
    });
    await insertCoupon(t.database, { code: 'UNUSED', value: 10 });
    await t.database.db.transaction((tx) => service.release(tx, 'UNUSED'));
    expect(await usedCount('UNUSED')).toBe(0);
  });
});

describe('seedCouponsIfEmpty', () => {
  it('seeds the demo codes once, and never into a shop that has codes', async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedCouponsIfEmpty(fresh.database.db)).toBe(DEMO_COUPONS.length);
      expect(await seedCouponsIfEmpty(fresh.database.db)).toBe(0);
      const codes = (await fresh.database.db.select().from(coupons)).map((c) => c.code).sort();
      expect(codes).toEqual(['LIMITED5', 'SAVE20', 'SUMMER25', 'WELCOME10']);
    } finally {
      await fresh.close();
    }
    expect(await seedCouponsIfEmpty(t.database.db)).toBe(0);
  });
});
