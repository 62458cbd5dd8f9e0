import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let productId: string;

const productsOf = async (slug: string) => {
  const response = await t.app.inject(`/api/collections/${slug}/products`);
  return response.statusCode === 200
    ? response.json().products.map((p: { slug: string }) => p.slug)
    : response.statusCode;
};

beforeAll(async () => {
  // A long TTL: only a change notification (another instance's write, or SQL) can show a change in time.
  t = await createTestApp({ CATALOG_CACHE_TTL_MS: '600000' });
  [productId] = (await insertProducts(t.database.db, [buildProduct({ slug: 'notified-tee', tags: ['plain'] })])) as [
    string,
  ];
  await t.database.db.execute(
    sql`insert into collections (slug, name, kind, rule) values ('by-rule', 'By Rule', 'rule', '{"tags":["linen"]}'),
      ('by-hand', 'By Hand', 'manual', null)`,
  );
});
afterAll(async () => await t.close());

describe('collections follow changes made elsewhere, though answers are cached ten minutes', () => {
  it('a rule collection follows a product change written by SQL (the products trigger)', async () => {
    expect(await productsOf('by-rule')).toEqual([]);
    await t.database.db.execute(sql`update products set tags = '{linen}' where id = ${productId}`);
    await vi.waitFor(async () => expect(await productsOf('by-rule')).toEqual(['notified-tee']), {
      timeout: 1000,
      interval: 20,
    });
  });

  it('a hand-picked collection follows its product list (the collection_products trigger)', async () => {
    expect(await productsOf('by-hand')).toEqual([]);
    await t.database.db.execute(
      sql`insert into collection_products (collection_id, product_id, position)
        select id, ${productId}, 0 from collections where slug = 'by-hand'`,
    );
    await vi.waitFor(async () => expect(await productsOf('by-hand')).toEqual(['notified-tee']), {
      timeout: 1000,
      interval: 20,
    });
  });

  it('hiding a collection (the collections trigger) takes it away, and the home sections follow theirs', async () => {
    await t.database.db.execute(
      sql`insert into home_sections (collection_id, place, position) select id, 'hero', 0 from collections where slug = 'by-hand'`,
    );
    await vi.waitFor(async () => expect((await t.app.inject('/api/home-sections')).json().hero?.slug).toBe('by-hand'), {
      timeout: 1000,
      interval: 20,
    });
    await t.database.db.execute(sql`update collections set is_hidden = true where slug = 'by-hand'`);
    await vi.waitFor(async () => expect(await productsOf('by-hand')).toBe(404), { timeout: 1000, interval: 20 });
    await vi.waitFor(async () => expect((await t.app.inject('/api/home-sections')).json().hero).toBeNull(), {
      timeout: 1000,
      interval: 20,
    });
  });
});
