import { MESSAGES, SearchSuggestionsSchema } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** GET /api/products/suggestions: what the header's search box offers while the shopper types. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ CATALOG_CACHE_TTL_MS: '60000' });
  await insertProducts(t.database.db, [
    buildProduct({ name: 'Slim Tapered Jeans', slug: 'slim-tapered-jeans', types: ['jeans'], priceCents: 8900 }),
    buildProduct({
      name: 'Mom Jeans',
      slug: 'mom-jeans',
      types: ['jeans'],
      category: 'women',
      priceCents: 7900,
      salePriceCents: 5900,
    }),
    ...Array.from({ length: 8 }, (_, i) => buildProduct({ name: `Denim Jacket ${i}`, tags: ['denim'] })),
  ]);
  const [draft] = await insertProducts(t.database.db, [buildProduct({ name: 'Draft Jeans' })]);
  await t.database.db
    .update(products)
    .set({ status: 'draft' })
    .where(eq(products.id, draft as string));
});

afterAll(async () => {
  await t?.close();
});

const suggest = (query: string) => t.app.inject({ url: `/api/products/suggestions?${query}` });

describe('GET /api/products/suggestions', () => {
  it('suggests matching products with their price and the categories holding them', async () => {
    const res = await suggest('q=jeans');
    expect(res.statusCode).toBe(200);
    const body = SearchSuggestionsSchema.parse(res.json());
    expect(body.products.map((p) => p.name).sort()).toEqual(['Mom Jeans', 'Slim Tapered Jeans']);
    expect(body.products.find((p) => p.slug === 'mom-jeans')).toMatchObject({ price: 59, category: 'women' });
    expect(body.products.find((p) => p.slug === 'slim-tapered-jeans')).toMatchObject({ price: 89, category: 'men' });
    expect(body.categories.map((c) => [c.slug, c.query]).sort()).toEqual([
      ['men', 'jeans'],
      ['women', 'jeans'],
    ]);
  });

  it('corrects typos as the listing does, and names a category the text starts', async () => {
    const typo = SearchSuggestionsSchema.parse((await suggest('q=jens')).json());
    expect(typo.products.map((p) => p.name).sort()).toEqual(['Mom Jeans', 'Slim Tapered Jeans']);
    const named = SearchSuggestionsSchema.parse((await suggest('q=wom')).json());
    expect(named.categories[0]).toEqual({ slug: 'women', name: expect.any(String), query: '' });
  });

  it('offers six products at most, and nothing for text without a word', async () => {
    expect(SearchSuggestionsSchema.parse((await suggest('q=denim')).json()).products).toHaveLength(6);
    expect((await suggest('q=%21%21%21')).json()).toEqual({ success: true, products: [], categories: [] });
  });

  it('answers the same words from the cache, whatever their case and spacing', async () => {
    const first = await suggest('q=Slim%20%20JEANS');
    const again = await suggest('q=slim%20jeans');
    expect(again.body).toBe(first.body);
  });

  it.each([
    ['', 'q'],
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'a'.repeat(101)}`, 'q'],
    ['q=a%00b', 'q'],
    ['q=jeans&search=jeans', 'search'],
  ])('refuses %s with a 400 on %s', async (query, param) => {
    const res = await suggest(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { param: string }) => e.param)).toContain(param);
  });

  it('names the one parameter it takes', async () => {
    const res = await suggest('q=jeans&limit=3');
    expect(res.json().errors).toEqual([{ param: 'limit', msg: MESSAGES.unknownQueryParameter('limit', ['q']) }]);
  });

  it('treats hostile text as words only', async () => {
    for (const q of ["' or 1=1 --", '<script>alert(1)</script>', 'jeans:* | denim', '\u{1F600}'.repeat(20)]) {
      const res = await suggest(`q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(SearchSuggestionsSchema.parse(res.json()).products.length).toBeLessThanOrEqual(6);
    }
  });

  it('needs no sign-in and never suggests a draft', async () => {
    const body = SearchSuggestionsSchema.parse((await suggest('q=draft')).json());
    expect(body.products).toEqual([]);
  });
});
