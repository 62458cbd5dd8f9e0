import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { buildStorefront } from '../../test/storefront-build.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';
const HTML = { accept: 'text/html' };

let t: TestApp;
let cast: BackOfficeCast;
let tee: string;
let dress: string;

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: await buildStorefront() });
  cast = await backOfficeCast(t.app, t.database);
  [tee, dress] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Linen Tee', slug: 'linen-tee', tags: ['linen'] }),
    buildProduct({ name: 'Wool Dress', slug: 'wool-dress', category: 'women' }),
  ])) as [string, string];
  const linen = await admin('POST', '', { name: 'Linen', slug: 'linen', kind: 'rule', rule: { tags: ['linen'] } });
  await admin('PUT', '/home-sections', { heroId: linen.collection.id, featuredIds: [] });
}, 300_000);
afterAll(async () => await t?.close());

async function admin(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url: `/api/admin/collections${url}`,
    headers: cast.staff.headers,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

/** The keys queued for a purge, sorted. */
async function queued(): Promise<string[]> {
  const result = await t.database.db.execute(sql`select key from cache_purge_queue order by key`);
  return (result as { rows: { key: string }[] }).rows.map((row) => row.key);
}

describe('collection answers for a shared cache in front (decision 068)', () => {
  it('marks every guest collection answer public, filed under the collection and the products it lists', async () => {
    const expected: [string, string][] = [
      ['/api/collections/linen', 'collection-linen'],
      ['/api/collections/linen/products?sort=price-asc', 'collection-linen all-products'],
      ['/api/home-sections', 'collections all-products'],
    ];
    for (const [url, keys] of expected) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe(PUBLIC);
      expect(answer.headers['surrogate-key'], url).toBe(keys);
      expect(answer.headers['cache-tag'], url).toBe(keys.replaceAll(' ', ','));
    }
  });

  it('files the server-rendered collection page under every answer it shows', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/collections/linen', headers: HTML });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Linen Tee');
    expect(page.headers['cache-control']).toBe(PUBLIC);
    expect(String(page.headers['surrogate-key']).split(' ')).toEqual(
      expect.arrayContaining(['collection-linen', 'all-products']),
    );
    const home = await t.app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(String(home.headers['surrogate-key']).split(' ')).toContain('collections');
  });

  it('never shares an answer asked with a cookie or a token, nor an unknown collection', async () => {
    for (const headers of [
      { cookie: 'shopper_refresh=anything' },
      { authorization: 'Bearer anything' },
      { 'auth-token': 'anything' },
    ]) {
      for (const url of ['/api/collections/linen/products', '/api/home-sections', '/collections/linen']) {
        const answer = await t.app.inject({ method: 'GET', url, headers: { ...HTML, ...headers } });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['cache-control'], url).toBe('private, no-cache');
        expect(answer.headers['surrogate-key'], url).toBeUndefined();
        expect(answer.headers['cache-tag'], url).toBeUndefined();
      }
    }
    for (const url of ['/api/collections/no-such-thing', '/api/collections/no-such-thing/products']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(String(answer.headers['cache-control'] ?? ''), url).not.toContain('public');
      expect(answer.headers['surrogate-key'], url).toBeUndefined();
    }
  });
});

describe('a collection page at an address no collection can have', () => {
  it.each([
    ['over-long', 'a'.repeat(300)],
    ['too long to save', 'a'.repeat(81)],
    ['malformed', 'Linen%20Tee'],
  ])('answers the not-found page with a 404 for a %s slug, never the shell', async (_kind, slug) => {
    const api = await t.app.inject({ method: 'GET', url: `/api/collections/${slug}` });
    expect([404, 414]).toContain(api.statusCode);
    const page = await t.app.inject({ method: 'GET', url: `/collections/${slug}`, headers: HTML });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Page Not Found');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['surrogate-key']).toBeUndefined();
  });
});

describe('what a collection change queues for a purge (decision 068)', () => {
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from cache_purge_queue`);
  });

  it('a new hand-picked collection: its slug and the home page, not the products it lists', async () => {
    await admin('POST', '', { name: 'Picked', slug: 'picked', kind: 'manual', productIds: [tee] });
    expect(await queued()).toEqual(['collection-picked', 'collections']);
  });

  it('a renamed collection with other products: the slug it left, the slug it has, the home page', async () => {
    const { collection } = await admin('POST', '', {
      name: 'Old',
      slug: 'old-name',
      kind: 'manual',
      productIds: [tee],
    });
    await t.database.db.execute(sql`delete from cache_purge_queue`);
    await admin('PUT', `/${collection.id}`, {
      name: 'New',
      slug: 'new-name',
      kind: 'manual',
      productIds: [dress, tee],
    });
    expect(await queued()).toEqual(['collection-new-name', 'collection-old-name', 'collections']);
  });

  it('a changed rule: the collection and the home page', async () => {
    const { collection } = await admin('POST', '', {
      name: 'Ruled',
      slug: 'ruled',
      kind: 'rule',
      rule: { tags: ['x'] },
    });
    await t.database.db.execute(sql`delete from cache_purge_queue`);
    await admin('PUT', `/${collection.id}`, { name: 'Ruled', slug: 'ruled', kind: 'rule', rule: { onSale: true } });
    expect(await queued()).toEqual(['collection-ruled', 'collections']);
  });

  it('a hand-picked list changed in SQL: that collection and the home page; a rollback queues nothing', async () => {
    await t.database.db.execute(sql`insert into collection_products (collection_id, product_id, position)
      select id, ${dress}, 9 from collections where slug = 'picked'`);
    expect(await queued()).toEqual(['collection-picked', 'collections']);
    await t.database.db.execute(sql`delete from cache_purge_queue`);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from collection_products where product_id = ${dress}`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await queued()).toEqual([]);
  });

  it('the home sections: the home page only', async () => {
    await admin('PUT', '/home-sections', { heroId: null, featuredIds: [] });
    expect(await queued()).toEqual(['collections']);
  });

  it('a deleted collection: its slug and the home page', async () => {
    const { collection } = await admin('POST', '', { name: 'Gone', slug: 'gone', kind: 'manual', productIds: [tee] });
    await admin('PUT', '/home-sections', { heroId: null, featuredIds: [collection.id] });
    await t.database.db.execute(sql`delete from cache_purge_queue`);
    await admin('DELETE', `/${collection.id}`);
    expect(await queued()).toEqual(['collection-gone', 'collections']);
  });

  it("a listed product's change reaches the collections through all-products, as before", async () => {
    await t.database.db.execute(sql`update products set price_cents = 1234 where id = ${tee}`);
    expect(await queued()).toEqual([`product-${tee}`]);
  });
});
