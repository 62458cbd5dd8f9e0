import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationHandlers } from '../../db/client.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCatalogChanges } from './catalog-changes.ts';

let t: TestApp;
let productId: string;

const silentLog = { error: () => undefined, warn: () => undefined };

async function priceShown(): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: `/api/products/${productId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().product.old_price as number;
}

beforeAll(async () => {
  // A long TTL: only a change notification can make a new price show within the test.
  t = await createTestApp({ CATALOG_CACHE_TTL_MS: '600000' });
  [productId] = (await insertProducts(t.database.db, [buildProduct({ priceCents: 5000 })])) as [string];
});

afterAll(async () => {
  await t.close();
});

describe('catalog change notifications', () => {
  it('a price changed by hand-written SQL shows at once, though the cached answer would live ten minutes', async () => {
    expect(await priceShown()).toBe(50);
    expect(await priceShown()).toBe(50);
    await t.database.db.execute(sql`update products set price_cents = 6100 where id = ${productId}`);
    await vi.waitFor(async () => expect(await priceShown()).toBe(61), { timeout: 1000, interval: 20 });
  });

  it('a stock change on a size (the trigger on product_sizes) shows too', async () => {
    const stockShown = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json().product.stock;
    const before = await stockShown();
    await t.database.db.execute(sql`update product_sizes set stock = 0 where product_id = ${productId}`);
    await vi.waitFor(async () => expect(await stockShown()).not.toEqual(before), { timeout: 1000, interval: 20 });
  });

  it('tells every subscriber, once per notification, until it unsubscribes', async () => {
    let heard = 0;
    const changes = createCatalogChanges({ database: t.database, log: silentLog });
    const unsubscribe = changes.onCatalogChange(() => (heard += 1));
    await changes.start();
    changes.changedHere();
    expect(heard).toBe(1);
    await t.database.db.execute(sql`update products set rating = 3 where id = ${productId}`);
    await vi.waitFor(() => expect(heard).toBe(2), { timeout: 1000, interval: 10 });
    unsubscribe();
    changes.changedHere();
    expect(heard).toBe(2);
    await changes.stop();
  });

  it('after a lost connection, clears only when the generation moved meanwhile', async () => {
    let handlers: NotificationHandlers | undefined;
    const changes = createCatalogChanges({
      database: {
        db: t.database.db,
        // A listener that never hears anything: only the reconnection check can notice a change.
        listen: async (_channel, given) => {
          handlers = given;
          return async () => undefined;
        },
      },
      log: silentLog,
    });
    let heard = 0;
    changes.onCatalogChange(() => (heard += 1));
    await changes.start();
    // Nothing changed: no clear. Then a change nobody heard of: one clear. The checks answer in order.
    handlers?.onReconnect();
    await t.database.db.execute(sql`update products set rating = 2 where id = ${productId}`);
    handlers?.onReconnect();
    await vi.waitFor(() => expect(heard).toBeGreaterThan(0), { timeout: 1000, interval: 10 });
    expect(heard).toBe(1);
    await changes.stop();
  });

  it('a listener that throws does not keep the others from hearing', async () => {
    const changes = createCatalogChanges({
      database: { db: t.database.db, listen: async () => async () => undefined },
      log: silentLog,
    });
    let heard = 0;
    changes.onCatalogChange(() => {
      throw new Error('broken subscriber');
    });
    changes.onCatalogChange(() => (heard += 1));
    changes.changedHere();
    expect(heard).toBe(1);
  });
});
