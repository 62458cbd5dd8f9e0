import { MESSAGES } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** What shoppers type: misspelt words (pg_trgm) and parameters the listing does not know. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertProducts(t.database.db, [
    buildProduct({ name: 'Slim Tapered Jeans', types: ['jeans'], tags: ['denim'] }),
    buildProduct({ name: 'Selvedge Straight Jeans', types: ['jeans'], tags: ['denim'] }),
    buildProduct({ name: 'Chunky Alpaca Sweater', types: ['sweaters'], tags: ['wool'], category: 'women' }),
    buildProduct({ name: 'Pleated Midi Skirt', types: ['skirts'], tags: ['summer'], category: 'women' }),
    buildProduct({ name: 'Oxford Shirt', types: ['shirts'], tags: ['cotton'] }),
  ]);
});

afterAll(async () => {
  await t?.close();
});

const names = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  return res.json<{ products: { name: string }[]; total: number }>().products.map((p) => p.name);
};

describe('search with typos', () => {
  it.each([
    ['sweter', ['Chunky Alpaca Sweater']],
    ['jens', ['Selvedge Straight Jeans', 'Slim Tapered Jeans']],
    ['slim jens', ['Slim Tapered Jeans']],
    ['alpaka swaeter', ['Chunky Alpaca Sweater']],
  ])('finds %s', async (q, expected) => {
    expect((await names(`/api/products/all-products?q=${encodeURIComponent(q)}`)).sort()).toEqual(expected);
  });

  it('keeps exact matches exact: "shirt" finds the shirt, not the skirt', async () => {
    expect(await names('/api/products/all-products?q=shirt')).toEqual(['Oxford Shirt']);
  });

  it('corrects within a category and its filters only', async () => {
    expect(await names('/api/products/category/men?q=sweter')).toEqual([]);
    expect(await names('/api/products/category/women?q=sweter')).toEqual(['Chunky Alpaca Sweater']);
  });

  it('finds nothing for text like no word of the catalog', async () => {
    expect(await names('/api/products/all-products?q=xqzvw')).toEqual([]);
    expect(await names('/api/products/all-products?q=%27%3B%20drop%20table%20products%3B--')).toEqual([]);
  });
});

describe('unknown query parameters', () => {
  it('answers 400 naming the parameter and the ones the listing takes', async () => {
    const res = await t.app.inject({ url: '/api/products/all-products?search=jeans' });
    expect(res.statusCode).toBe(400);
    const [error] = res.json<{ errors: { param: string; msg: string }[] }>().errors;
    expect(error?.param).toBe('search');
    expect(error?.msg).toBe(
      MESSAGES.unknownQueryParameter('search', [
        'q',
        'category',
        'minPrice',
        'maxPrice',
        'rating',
        'discount',
        'sizes',
        'types',
        'colours',
        'brand',
        'sort',
        'page',
        'limit',
      ]),
    );
  });

  it('names each unknown parameter, on category listings too', async () => {
    const res = await t.app.inject({ url: '/api/products/category/men?utm_source=mail&colour=red' });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: { param: string; msg: string }[] }>().errors;
    expect(errors.map((e) => e.param)).toEqual(['utm_source', 'colour']);
    expect(errors[1]?.msg).toMatch(/^Unknown parameter 'colour'\. This address takes: q, minPrice,/);
    expect(errors[1]?.msg).not.toContain('category');
  });
});
