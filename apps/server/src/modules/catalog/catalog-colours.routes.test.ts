import { AdminProductAnswerSchema, ProductFacetsSchema, ProductListSchema, ProductSchema } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productColours, stockMovements } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct, coloursOfProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Products in several colours on the storefront's and the back office's answers (decision 043). */

const drawing = (hex: string, view: string) => `/images/products/shirt-${hex}-${view}.svg`;

let t: TestApp;
let cast: BackOfficeCast;
let shirt: string;
let dress: string;
let colourIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
  [shirt, dress] = (await insertProducts(t.database.db, [
    buildProduct({
      name: 'Colour Shirt',
      slug: 'colour-shirt',
      category: 'women',
      sizes: [],
      colours: [
        {
          name: 'Sage',
          swatch: '#9AAB8F',
          images: [drawing('9aab8f', 'front'), drawing('9aab8f', 'back')],
          sizes: [
            { size: 'S', stock: 1 },
            { size: 'M', stock: 2 },
          ],
        },
        {
          name: 'Navy Blue',
          swatch: '#1f2f4a',
          images: [drawing('1f2f4a', 'front')],
          sizes: [{ size: 'M', stock: 3 }],
        },
        {
          name: 'Rust',
          swatch: '#d2691e',
          images: [],
          sizes: [
            { size: 'L', stock: 4 },
            { size: 'S', stock: 0 },
          ],
        },
      ],
    }),
    buildProduct({
      name: 'Colour Dress',
      slug: 'colour-dress',
      category: 'women',
      sizes: [],
      colours: [
        { name: 'Pink', swatch: '#ffc0cb', images: [drawing('ffc0cb', 'front')], sizes: [{ size: 'M', stock: 6 }] },
        { name: 'Black', swatch: '#1c1c1e', images: [drawing('1c1c1e', 'front')], sizes: [{ size: 'M', stock: 0 }] },
      ],
    }),
  ])) as [string, string];
  colourIds = (await coloursOfProduct(t.database.db, shirt)).map((c) => c.id);
  // The dress's first colour is hidden: it leaves the storefront and its second colour becomes the default.
  const [pink] = await coloursOfProduct(t.database.db, dress);
  await t.database.db.update(productColours).set({ hiddenAt: new Date() }).where(eq(productColours.id, pink!.id));
});

afterAll(async () => {
  await t.close();
});

async function productBySlug(slug: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/products/slug/${slug}` });
  expect(response.statusCode, response.body).toBe(200);
  return ProductSchema.parse(response.json().product);
}

describe('a product in three colours', () => {
  it('answers its colours in order, each with its gallery, family and stock on the full grid of sizes', async () => {
    const product = await productBySlug('colour-shirt');
    const [sage, navy, rust] = colourIds;
    expect(product.colours).toEqual([
      {
        id: sage,
        slug: 'sage',
        name: 'Sage',
        swatch: '#9aab8f',
        family: 'green',
        images: [drawing('9aab8f', 'front'), drawing('9aab8f', 'back')],
        mainImage: drawing('9aab8f', 'front'),
        mainImageIndex: 0,
        stock: [
          { size: 'S', quantity: 1 },
          { size: 'M', quantity: 2 },
          { size: 'L', quantity: 0 },
        ],
        in_stock: true,
      },
      {
        id: navy,
        slug: 'navy-blue',
        name: 'Navy Blue',
        swatch: '#1f2f4a',
        family: 'blue',
        images: [drawing('1f2f4a', 'front')],
        mainImage: drawing('1f2f4a', 'front'),
        mainImageIndex: 0,
        stock: [
          { size: 'S', quantity: 0 },
          { size: 'M', quantity: 3 },
          { size: 'L', quantity: 0 },
        ],
        in_stock: true,
      },
      expect.objectContaining({ id: rust, slug: 'rust', family: 'orange', images: ['/images/placeholder.svg'] }),
    ]);
  });

  it('summarises them for clients that know only sizes: summed stock, the default colour’s gallery', async () => {
    const product = await productBySlug('colour-shirt');
    expect(product).toMatchObject({
      defaultColourId: colourIds[0],
      sizes: ['S', 'M', 'L'],
      stock: [
        { size: 'S', quantity: 1 },
        { size: 'M', quantity: 5 },
        { size: 'L', quantity: 4 },
      ],
      in_stock: true,
      images: [drawing('9aab8f', 'front'), drawing('9aab8f', 'back')],
      mainImage: drawing('9aab8f', 'front'),
      image: drawing('9aab8f', 'front'),
      mainImageIndex: 0,
    });
    const listed = ProductListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/products/all-products?q=colour' })).json(),
    );
    expect(listed.products.find((p) => p.id === shirt)).toEqual(product);
  });

  it('leaves a hidden colour out: the next visible colour is the default, its stock alone counts', async () => {
    const product = await productBySlug('colour-dress');
    expect(product.colours.map((c) => c.name)).toEqual(['Black']);
    expect(product.defaultColourId).toBe(product.colours[0]?.id);
    expect(product).toMatchObject({
      stock: [{ size: 'M', quantity: 0 }],
      in_stock: false,
      image: drawing('1c1c1e', 'front'),
    });
    const facets = ProductFacetsSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/products/facets?category=women' })).json(),
    );
    expect(facets.colours).toEqual(['black', 'orange', 'green', 'blue']);
  });

  it('shows the back office every colour, hidden ones too, with stock and SKU per size and totals over all', async () => {
    const shirtAnswer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${shirt}`,
      headers: cast.staff.headers,
    });
    const admin = AdminProductAnswerSchema.parse(shirtAnswer.json()).product;
    expect(admin.sizes).toEqual([
      { size: 'S', stock: 1 },
      { size: 'M', stock: 5 },
      { size: 'L', stock: 4 },
    ]);
    expect(admin.totalStock).toBe(10);
    expect(admin.images.map((i) => [i.url, i.isMain])).toEqual([
      [drawing('9aab8f', 'front'), true],
      [drawing('9aab8f', 'back'), false],
    ]);
    expect(admin.colours.map((c) => [c.name, c.position, c.isHidden, c.hasOpenOrders, c.totalStock])).toEqual([
      ['Sage', 0, false, false, 3],
      ['Navy Blue', 1, false, false, 3],
      ['Rust', 2, false, false, 4],
    ]);
    expect(admin.colours[2]).toMatchObject({
      mainImage: null,
      images: [],
      sizes: [
        { size: 'S', stock: 0, sku: '' },
        { size: 'M', stock: 0, sku: '' },
        { size: 'L', stock: 4, sku: '' },
      ],
    });
    const dressAnswer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${dress}`,
      headers: cast.staff.headers,
    });
    const hidden = AdminProductAnswerSchema.parse(dressAnswer.json()).product;
    expect(hidden.colours.map((c) => [c.name, c.isHidden])).toEqual([
      ['Pink', true],
      ['Black', false],
    ]);
    // Hidden stock is still on the shelf.
    expect(hidden.totalStock).toBe(6);
  });
});

describe('creating a product in the back office with colours', () => {
  it('writes each colour with its opening stock on the full grid, ledgered per colour', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: cast.staff.headers,
      payload: {
        name: 'Created Cardigan',
        brand: 'North Quay',
        category: 'women',
        price: 80,
        salePrice: null,
        sizes: ['S', 'M'],
        colours: [
          { name: 'Oat', swatch: '#D8C6A4', stock: { M: 2 } },
          { name: 'Moss', swatch: '#5b6b3a', stock: { S: 1, M: 3 } },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const product = AdminProductAnswerSchema.parse(response.json()).product;
    expect(product.colours.map((c) => [c.name, c.slug, c.swatch, c.family, c.sizes.map((s) => s.stock)])).toEqual([
      ['Oat', 'oat', '#d8c6a4', 'beige', [0, 2]],
      ['Moss', 'moss', '#5b6b3a', 'green', [1, 3]],
    ]);
    expect(product.sizes).toEqual([
      { size: 'S', stock: 1 },
      { size: 'M', stock: 5 },
    ]);
    const ledger = await t.database.db.select().from(stockMovements).where(eq(stockMovements.productId, product.id));
    const nameOf = new Map(product.colours.map((c) => [c.id, c.name]));
    expect(ledger.map((m) => [nameOf.get(m.colourId), m.size, m.delta, m.reason, m.actorId]).sort()).toEqual([
      ['Moss', 'M', 3, 'import', cast.staff.userId],
      ['Moss', 'S', 1, 'import', cast.staff.userId],
      ['Oat', 'M', 2, 'import', cast.staff.userId],
    ]);
    // A new size reaches every colour, at 0.
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}`,
      headers: cast.staff.headers,
      payload: { sizes: ['S', 'M', 'L'] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = AdminProductAnswerSchema.parse(updated.json()).product;
    expect(after.colours.map((c) => c.sizes.map((s) => `${s.size}:${s.stock}`))).toEqual([
      ['S:0', 'M:2', 'L:0'],
      ['S:1', 'M:3', 'L:0'],
    ]);
  });

  it('gives a product created without colours one Standard colour holding its stock', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: cast.staff.headers,
      payload: {
        name: 'Plain Cardigan',
        brand: 'North Quay',
        category: 'women',
        price: 80,
        salePrice: null,
        sizes: ['M'],
        stock: { M: 4 },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const product = AdminProductAnswerSchema.parse(response.json()).product;
    expect(product.colours).toEqual([
      expect.objectContaining({ name: 'Standard', slug: 'standard', swatch: '#9ca3af', family: 'grey', totalStock: 4 }),
    ]);
  });
});
