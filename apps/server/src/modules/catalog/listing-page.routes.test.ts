import { ProductAnswerSchema, ProductListSchema } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productColours, productImages, productSizes } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct, coloursOfProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The listing reads a page in one statement (docs/decisions/056); a product's page reads it row by
 * row. Both must answer the same product, byte for byte once parsed: hidden colours, SKUs, uploads.
 */

const UPLOAD = '/images/uploads/0123456789abcdef0123-800.webp';
let t: TestApp;

beforeAll(async () => {
  // Production settings: answers are written by the compiled serializer alone, unchecked by zod.
  t = await createTestApp({ NODE_ENV: 'production', CATALOG_CACHE_TTL_MS: '0' });
  const [twoColours, uploaded] = await insertProducts(t.database.db, [
    buildProduct({
      name: 'Listing Shirt',
      colours: [
        {
          name: 'Sage',
          swatch: '#9aab8f',
          images: [],
          sizes: [
            { size: 'M', stock: 2 },
            { size: 'S', stock: 1 },
          ],
        },
        { name: 'Rust', swatch: '#d2691e', images: [], sizes: [{ size: 'L', stock: 4 }] },
        { name: 'Hidden', swatch: '#1f2f4a', images: [], sizes: [{ size: 'M', stock: 9 }] },
      ],
    }),
    buildProduct({ name: 'Uploaded Shirt', images: [UPLOAD], salePriceCents: 3999 }),
    ...Array.from({ length: 14 }, (_, i) => buildProduct({ name: `Plain Shirt ${i}`, rating: (i % 5) + 0.5 })),
  ]);
  const colours = await coloursOfProduct(t.database.db, twoColours as string);
  await t.database.db
    .update(productColours)
    .set({ hiddenAt: new Date() })
    .where(eq(productColours.id, colours[2]?.id as string));
  await t.database.db
    .update(productSizes)
    .set({ sku: 'LS-SAGE-M' })
    .where(eq(productSizes.colourId, colours[0]?.id as string));
  await t.database.db.insert(productImages).values({
    productId: uploaded as string,
    sourceHash: 'a'.repeat(64),
    url: UPLOAD,
    width: 800,
    height: 1000,
    variants: [
      { key: '0123456789abcdef0123-400.webp', format: 'webp', width: 400, height: 500, bytes: 1 },
      { key: '0123456789abcdef0123-800.webp', format: 'webp', width: 800, height: 1000, bytes: 2 },
      { key: '0123456789abcdef0123-800.avif', format: 'avif', width: 800, height: 1000, bytes: 1 },
    ],
  });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/products/all-products read in one statement', () => {
  it('answers every product as its own page answers it, in the contract shape', async () => {
    const seen: string[] = [];
    for (const page of [1, 2]) {
      const res = await t.app.inject({ url: `/api/products/all-products?q=shirt&limit=12&page=${page}&sort=rating` });
      expect(res.statusCode).toBe(200);
      const list = ProductListSchema.parse(res.json());
      expect(list).toMatchObject({ total: 16, page, limit: 12, totalPages: 2 });
      for (const product of list.products) {
        const one = await t.app.inject({ url: `/api/products/${product.id}` });
        expect(product).toEqual(ProductAnswerSchema.parse(one.json()).product);
        seen.push(product.name);
      }
    }
    expect(seen).toHaveLength(16);
    const ratings = (await t.app.inject({ url: '/api/products/all-products?q=shirt&limit=48&sort=rating' }))
      .json<{ products: { rating: number }[] }>()
      .products.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('keeps hidden colours out, SKUs on their variants and uploads as image sources', async () => {
    const res = await t.app.inject({ url: '/api/products/all-products?q=listing' });
    const [shirt] = ProductListSchema.parse(res.json()).products;
    expect(shirt?.colours.map((c) => c.name)).toEqual(['Sage', 'Rust']);
    // The hidden colour's 9 in M count nowhere.
    expect(shirt?.stock).toEqual([
      { size: 'S', quantity: 1 },
      { size: 'M', quantity: 2 },
      { size: 'L', quantity: 4 },
    ]);
    expect(shirt?.colours[0]?.stock.find((s) => s.size === 'M')).toEqual({ size: 'M', quantity: 2, sku: 'LS-SAGE-M' });

    const uploaded = ProductListSchema.parse(
      (await t.app.inject({ url: '/api/products/all-products?q=uploaded' })).json(),
    ).products[0];
    expect(uploaded?.new_price).toBe(39.99);
    expect(uploaded?.imageSources?.[UPLOAD]).toEqual({
      srcSet: '/images/uploads/0123456789abcdef0123-400.webp 400w, /images/uploads/0123456789abcdef0123-800.webp 800w',
      avifSrcSet: '/images/uploads/0123456789abcdef0123-800.avif 800w',
      width: 800,
      height: 1000,
    });
  });

  it('answers a page past the end with the total still counted', async () => {
    const res = await t.app.inject({ url: '/api/products/all-products?q=shirt&limit=12&page=5' });
    expect(res.json()).toMatchObject({ products: [], total: 16, page: 5, totalPages: 2 });
  });
});
