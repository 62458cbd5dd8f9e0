import { afterEach, describe, expect, it } from 'vitest';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';

describe('catalog answers for a shared cache in front (decision 063)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function shop(env: Record<string, string> = {}) {
    t = await createTestApp(env);
    const [id] = await insertProducts(t.database.db, [buildProduct({ slug: 'field-jacket', category: 'men' })]);
    return { app: t.app, id: id as string };
  }

  it('marks every guest catalog answer public, filed under its product, category or listing', async () => {
    const { app, id } = await shop();
    const expected: [string, string][] = [
      ['/api/products/all-products?limit=5', 'all-products'],
      ['/api/products/newcollection', 'all-products'],
      ['/api/products/featured-women', 'all-products'],
      ['/api/products/facets', 'all-products'],
      ['/api/products/facets?category=men', 'category-men'],
      ['/api/products/category/men', 'category-men'],
      ['/api/products/categories', 'categories'],
      [`/api/products/related/men/${id}`, 'category-men'],
      ['/api/products/slug/field-jacket', 'product-slug-field-jacket'],
      [`/api/products/${id}`, `product-${id}`],
    ];
    for (const [url, key] of expected) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe(PUBLIC);
      expect(answer.headers['surrogate-key'], url).toBe(key);
      expect(answer.headers['cache-tag'], url).toBe(key);
    }
  });

  it('never shares an answer asked with a cookie or a token, nor a 404, nor a malformed request', async () => {
    const { app } = await shop();
    for (const headers of [
      { cookie: 'shopper_refresh=anything' },
      { authorization: 'Bearer anything' },
      { 'auth-token': 'anything' },
    ]) {
      const answer = await app.inject({ method: 'GET', url: '/api/products/slug/field-jacket', headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-cache');
      expect(answer.headers['surrogate-key']).toBeUndefined();
      expect(answer.headers['cache-tag']).toBeUndefined();
    }
    for (const url of [
      '/api/products/slug/no-such-thing',
      '/api/products/category/hats',
      '/api/products/all-products?limit=-4',
    ]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(String(answer.headers['cache-control'] ?? ''), url).not.toContain('public');
      expect(answer.headers['surrogate-key'], url).toBeUndefined();
    }
  });

  it('shares nothing with SHARED_CACHE_SECONDS=0, and leaves out stale-while-revalidate at 0', async () => {
    const off = await shop({ SHARED_CACHE_SECONDS: '0' });
    const answer = await off.app.inject({ method: 'GET', url: '/api/products/category/men' });
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['surrogate-key']).toBeUndefined();
    await t?.close();

    const noStale = await shop({ SHARED_CACHE_SECONDS: '120', SHARED_CACHE_STALE_SECONDS: '0' });
    const fresh = await noStale.app.inject({ method: 'GET', url: '/api/products/category/men' });
    expect(fresh.headers['cache-control']).toBe('public, max-age=0, s-maxage=120');
  });

  it('does not let a hostile slug into the keys', async () => {
    const { app } = await shop();
    const answer = await app.inject({ method: 'GET', url: '/api/products/slug/a%20b%0d%0aset-cookie:%20x' });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['surrogate-key']).toBeUndefined();
  });
});
