import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { startPurgeServer } from '../../test/purge-server.ts';
import { createTestApp, openTestDatabase } from '../../test/test-app.ts';
import { createCachePurger } from './cache-purger.ts';
import { createPurgeSender } from './purge-targets.ts';

let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startPurgeServer>>;
let productId: string;
const warnings: unknown[] = [];
const log = { error: () => undefined, debug: () => undefined, warn: (entry: unknown) => warnings.push(entry) };

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startPurgeServer();
  [productId] = (await insertProducts(database.db, [buildProduct({ slug: 'field-jacket', category: 'men' })])) as [
    string,
  ];
});
afterAll(async () => {
  await database?.close();
  await server?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from cache_purge_queue`);
  server.received.length = 0;
  server.state.status = 200;
  warnings.length = 0;
});

const purger = () =>
  createCachePurger({ db: database.db, sender: createPurgeSender({ kind: 'varnish-xkey', url: server.url }), log });

async function queue(): Promise<{ key: string; attempts: number; due: boolean; last_error: string | null }[]> {
  const result = await database.db.execute(
    sql`select key, attempts, next_attempt_at <= now() as due, last_error from cache_purge_queue order by key`,
  );
  return (result as { rows: never[] }).rows;
}

const sentKeys = () => server.received.flatMap((purge) => (purge.headers['xkey-purge'] ?? '').split(' '));

describe('the cache purger (decision 063)', () => {
  it('purges what a price change made in SQL touched: the product, its slug, its category and the listings', async () => {
    await database.db.execute(sql`update products set price_cents = 4200 where id = ${productId}`);
    expect((await queue()).map((row) => row.key)).toEqual([`product-${productId}`]);
    await purger().runOnce();
    expect(sentKeys().sort()).toEqual(
      [`product-${productId}`, 'product-slug-field-jacket', 'category-men', 'all-products'].sort(),
    );
    expect(await queue()).toEqual([]);
  });

  it('queues one key for a burst of stock changes, and nothing for a change rolled back', async () => {
    for (let i = 0; i < 5; i += 1) {
      await database.db.execute(sql`update product_sizes set stock = stock + 1 where product_id = ${productId}`);
    }
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update categories set name = 'Gone' where slug = 'women'`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await queue()).map((row) => row.key)).toEqual([`product-${productId}`]);
  });

  it('purges the old slug and category when a product moves, and a category change its pages and the list', async () => {
    await database.db.execute(sql`update products set slug = 'field-coat', category = 'women' where id = ${productId}`);
    await database.db.execute(sql`update categories set name = name where slug = 'kids'`);
    await purger().runOnce();
    expect(sentKeys()).toEqual(
      expect.arrayContaining([
        'product-slug-field-jacket',
        'product-slug-field-coat',
        'category-men',
        'category-women',
        'category-kids',
        'categories',
      ]),
    );
    await database.db.execute(sql`update products set slug = 'field-jacket', category = 'men' where id = ${productId}`);
  });

  it('keeps a refused purge queued, logs it, backs off, and sends it once the cache takes purges again', async () => {
    await database.db.execute(sql`update products set price_cents = 4300 where id = ${productId}`);
    server.state.status = 503;
    await purger().runOnce();
    const [waiting] = await queue();
    expect(waiting).toMatchObject({ key: `product-${productId}`, attempts: 1, due: false });
    expect(waiting?.last_error).toMatch(/answered 503/);
    expect(warnings).toHaveLength(1);
    // Not due: a second pass sends nothing.
    await purger().runOnce();
    expect(server.received).toHaveLength(1);

    server.state.status = 200;
    await database.db.execute(sql`update cache_purge_queue set next_attempt_at = now()`);
    await purger().runOnce();
    expect(server.received).toHaveLength(2);
    expect(await queue()).toEqual([]);
  });

  it('two workers at once send each change once', async () => {
    await database.db.execute(sql`update products set price_cents = 4400 where id = ${productId}`);
    await database.db.execute(sql`update categories set name = name where slug = 'men'`);
    await Promise.all([purger().runOnce(), purger().runOnce(), purger().runOnce()]);
    const keys = sentKeys();
    expect(keys.filter((key) => key === `product-${productId}`)).toHaveLength(1);
    expect(keys.filter((key) => key === 'categories')).toHaveLength(1);
    expect(await queue()).toEqual([]);
  });
});

describe('a worker purges through the catalog change notifications', () => {
  it('a change committed in SQL reaches the purge target without a request', async () => {
    const worker = await createTestApp(
      { CACHE_PURGE: 'varnish-xkey', CACHE_PURGE_URL: server.url, ROLE: 'worker' },
      { runsScheduledWork: true },
    );
    try {
      await worker.app.listen({ port: 0, host: '127.0.0.1' });
      const [id] = await insertProducts(worker.database.db, [buildProduct({ slug: 'rain-shell', category: 'kids' })]);
      await expect.poll(() => sentKeys(), { timeout: 10_000 }).toContain(`product-${id}`);
      server.received.length = 0;
      const next = server.next();
      await worker.database.db.execute(sql`update products set price_cents = 5100 where id = ${id}`);
      expect((await next).headers['xkey-purge']?.split(' ')).toEqual(expect.arrayContaining([`product-${id}`]));
    } finally {
      await worker.close();
    }
  });
});
