import type { ErrorBody, Product, ProductList } from '@shopper/contract';
import { MESSAGES, ProductAnswerSchema, ProductFacetsSchema, ProductListSchema } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productColours, productSizes } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const ids: Record<string, string> = {};

const fixtures = [
  buildProduct({
    slug: 'linen-camp-shirt',
    name: 'Linen Camp Shirt',
    brand: 'Marlow',
    category: 'men',
    priceCents: 6000,
    salePriceCents: 4500,
    rating: 4.6,
    types: ['shirts'],
    tags: ['linen', 'summer'],
    publishedAt: '2026-10-01T00:00:00.000Z',
    sizes: [
      { size: 'M', stock: 3 },
      { size: 'L', stock: 0 },
    ],
  }),
  buildProduct({
    slug: 'wool-overcoat',
    name: 'Wool Overcoat',
    brand: 'Northbound',
    category: 'men',
    priceCents: 24000,
    rating: 4.1,
    types: ['coats', 'outerwear'],
    tags: ['wool', 'winter'],
    publishedAt: '2025-12-01T00:00:00.000Z',
    sizes: [{ size: 'L', stock: 2 }],
  }),
  buildProduct({
    slug: 'denim-jacket',
    name: 'Denim Trucker Jacket',
    brand: 'Northbound',
    category: 'men',
    priceCents: 9000,
    salePriceCents: 4500,
    rating: 3.2,
    types: ['jackets', 'outerwear'],
    tags: ['denim'],
    publishedAt: '2026-03-01T00:00:00.000Z',
    sizes: [{ size: 'XL', stock: 0 }],
  }),
  buildProduct({
    slug: 'wrap-dress',
    name: 'Floral Wrap Dress',
    brand: 'Marlow',
    category: 'women',
    priceCents: 8000,
    rating: 4.9,
    types: ['dresses'],
    publishedAt: '2026-09-01T00:00:00.000Z',
  }),
  buildProduct({
    slug: 'pleated-skirt',
    name: 'Pleated Midi Skirt',
    category: 'women',
    rating: 4.2,
    types: ['skirts'],
  }),
  buildProduct({
    slug: 'kids-raincoat',
    name: 'Puddle Raincoat',
    category: 'kids',
    rating: 4.8,
    sizes: [{ size: '4-5Y', stock: 9 }],
  }),
  ...Array.from({ length: 14 }, (_, i) =>
    buildProduct({
      category: 'women',
      rating: 3,
      publishedAt: `2026-01-${String(i + 10).padStart(2, '0')}T00:00:00.000Z`,
    }),
  ),
];

beforeAll(async () => {
  t = await createTestApp();
  const created = await insertProducts(t.database.db, fixtures);
  fixtures.forEach((fixture, i) => {
    ids[fixture.slug] = created[i] as string;
  });
});

afterAll(async () => {
  await t.close();
});

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

async function list(url: string): Promise<ProductList> {
  const { status, body } = await get(url);
  expect(status, JSON.stringify(body)).toBe(200);
  return ProductListSchema.parse(body);
}

const slugs = (page: ProductList) => page.products.map((p) => p.slug);

describe('GET /api/products/all-products', () => {
  it('pages the whole catalog with the total count', async () => {
    const first = await list('/api/products/all-products?limit=12');
    expect(first.total).toBe(fixtures.length);
    expect(first.totalPages).toBe(2);
    expect(first.products).toHaveLength(12);
    const second = await list('/api/products/all-products?limit=12&page=2');
    expect(second.products).toHaveLength(fixtures.length - 12);
    expect(new Set([...slugs(first), ...slugs(second)]).size).toBe(fixtures.length);
  });

  it('answers an empty page past the end with the real total', async () => {
    const page = await list('/api/products/all-products?page=50');
    expect(page.products).toEqual([]);
    expect(page.total).toBe(fixtures.length);
  });

  it('answers the product shape of docs/product.md#entities with prices in dollars and derived stock', async () => {
    const page = await list('/api/products/all-products?q=linen');
    const shirt = page.products[0] as Product;
    expect(shirt).toMatchObject({
      slug: 'linen-camp-shirt',
      old_price: 60,
      new_price: 45,
      category: 'men',
      sizes: ['M', 'L'],
      stock: [
        { size: 'M', quantity: 3 },
        { size: 'L', quantity: 0 },
      ],
      in_stock: true,
      mainImage: '/images/products/tshirt-1f4e79-front.svg',
      image: '/images/products/tshirt-1f4e79-front.svg',
    });
    expect(shirt._id).toBe(shirt.id);
  });

  it('reports out of stock when no size has stock, and new_price 0 without a discount', async () => {
    const { body } = await get(`/api/products/${ids['denim-jacket']}`);
    expect(body.product.in_stock).toBe(false);
    const coat = await get(`/api/products/${ids['wool-overcoat']}`);
    expect(coat.body.product.new_price).toBe(0);
  });

  it.each([
    ['price-asc', (a: Product, b: Product) => eff(a) <= eff(b)],
    ['price-desc', (a: Product, b: Product) => eff(a) >= eff(b)],
    ['date-newest', (a: Product, b: Product) => a.date >= b.date],
    ['date-oldest', (a: Product, b: Product) => a.date <= b.date],
    ['rating', (a: Product, b: Product) => a.rating >= b.rating],
    ['discount', (a: Product, b: Product) => off(a) >= off(b)],
  ] as const)('sorts by %s', async (sort, inOrder) => {
    const page = await list(`/api/products/all-products?sort=${sort}&limit=48`);
    for (let i = 1; i < page.products.length; i += 1) {
      expect(inOrder(page.products[i - 1] as Product, page.products[i] as Product)).toBe(true);
    }
  });

  it('filters by category, discount, rating, type, brand and size in stock', async () => {
    expect(slugs(await list('/api/products/all-products?category=kids'))).toEqual(['kids-raincoat']);
    expect(slugs(await list('/api/products/all-products?discount=true&sort=price-asc')).sort()).toEqual([
      'denim-jacket',
      'linen-camp-shirt',
    ]);
    expect(slugs(await list('/api/products/all-products?rating=5'))).toEqual([]);
    expect(slugs(await list('/api/products/all-products?rating=4&category=men'))).toEqual([
      'linen-camp-shirt',
      'wool-overcoat',
    ]);
    expect(slugs(await list('/api/products/all-products?types=coats,jackets&sort=price-desc'))).toEqual([
      'wool-overcoat',
      'denim-jacket',
    ]);
    // Types are stored in lower case: a link spelt as a person would still filters.
    expect(slugs(await list('/api/products/all-products?types=Coats,JACKETS&sort=price-desc'))).toEqual([
      'wool-overcoat',
      'denim-jacket',
    ]);
    expect(slugs(await list('/api/products/all-products?brand=northbound&sort=date-oldest'))).toEqual([
      'wool-overcoat',
      'denim-jacket',
    ]);
    // L is listed for the shirt but sold out, so only the coat matches.
    expect(slugs(await list('/api/products/all-products?sizes=L'))).toEqual(['wool-overcoat']);
  });

  it('filters on the price a customer pays, with max 0 meaning unbounded', async () => {
    const cheap = await list('/api/products/all-products?category=men&maxPrice=45');
    expect(slugs(cheap).sort()).toEqual(['denim-jacket', 'linen-camp-shirt']);
    const unbounded = await list('/api/products/all-products?category=men&minPrice=100&maxPrice=0');
    expect(slugs(unbounded)).toEqual(['wool-overcoat']);
  });

  it('searches name, brand, tags and descriptions by word prefix', async () => {
    expect(slugs(await list('/api/products/all-products?q=lin%20shir'))).toEqual(['linen-camp-shirt']);
    expect(slugs(await list('/api/products/all-products?q=winter'))).toEqual(['wool-overcoat']);
    expect((await list('/api/products/all-products?q=northbound')).total).toBe(2);
    expect((await list('/api/products/all-products?q=zzzznothing')).total).toBe(0);
  });

  it.each(["'); drop table products; --", '!!! & | :* <>', '%00%27', 'a'.repeat(100)])(
    'treats hostile search text %# as plain words',
    async (q) => {
      const { status } = await get(`/api/products/all-products?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect((await list('/api/products/all-products')).total).toBe(fixtures.length);
    },
  );

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['sort=cheapest', 'sort'],
    ['rating=6', 'rating'],
    ['rating=0', 'rating'],
    ['minPrice=-1', 'minPrice'],
    ['maxPrice=lots', 'maxPrice'],
    ['discount=yes', 'discount'],
    ['category=pets', 'category'],
    ['q=' + 'x'.repeat(101), 'q'],
    ['page=1&page=2', 'page'],
  ])('refuses %s with a 400 naming the field', async (query, param) => {
    const { status, body } = await get(`/api/products/all-products?${query}`);
    expect(status).toBe(400);
    const error = body as ErrorBody;
    expect(error).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(error.errors?.map((e) => e.param)).toContain(param);
    expect(error.message.length).toBeGreaterThan(0);
  });

  it('refuses a minimum price above the maximum with the contract message', async () => {
    const { status, body } = await get('/api/products/all-products?minPrice=50&maxPrice=10');
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ param: 'minPrice', msg: 'The minimum price cannot be above the maximum price.' }]);
  });
});

describe('GET /api/products/category/:category', () => {
  it('lists only that category, with filters and paging', async () => {
    const page = await list('/api/products/category/women?limit=5&sort=rating');
    expect(page.total).toBe(16);
    expect(page.totalPages).toBe(4);
    expect(page.products.every((p) => p.category === 'women')).toBe(true);
    expect(page.products[0]?.slug).toBe('wrap-dress');
  });

  it('accepts the category in any case', async () => {
    expect((await list('/api/products/category/KIDS')).total).toBe(1);
  });

  it('answers 404 for an unknown category', async () => {
    const { status, body } = await get('/api/products/category/pets');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, code: 'NOT_FOUND', message: "Category 'pets' does not exist." });
  });

  it('validates its query like the full listing', async () => {
    expect((await get('/api/products/category/men?limit=1000')).status).toBe(400);
  });
});

describe('GET /api/products/:id and /api/products/slug/:slug', () => {
  it('finds a product by id and by slug', async () => {
    const byId = await get(`/api/products/${ids['wrap-dress']}`);
    expect(byId.status).toBe(200);
    expect(ProductAnswerSchema.parse(byId.body).product.slug).toBe('wrap-dress');
    const bySlug = await get('/api/products/slug/wrap-dress');
    expect(ProductAnswerSchema.parse(bySlug.body).product.id).toBe(ids['wrap-dress']);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'%20or%20'1'='1"])(
    'answers 404 for the unknown id %s',
    async (id) => {
      const { status, body } = await get(`/api/products/${id}`);
      expect(status).toBe(404);
      expect(body.code).toBe('NOT_FOUND');
      expect(body.message).toContain('No product with id');
    },
  );

  it('answers 404 for an unknown slug', async () => {
    const { status, body } = await get('/api/products/slug/no-such-thing');
    expect(status).toBe(404);
    expect(body.message).toBe("No product with slug 'no-such-thing'.");
  });
});

describe('home page collections', () => {
  it("features the best-rated women's products", async () => {
    const { status, body } = await get('/api/products/featured-women');
    expect(status).toBe(200);
    expect(body.products).toHaveLength(4);
    expect(body.products.every((p: Product) => p.category === 'women')).toBe(true);
    expect(body.products[0].slug).toBe('wrap-dress');
  });

  it('shows the newest products first', async () => {
    const { body } = await get('/api/products/newcollection');
    expect(body.products).toHaveLength(8);
    expect(body.products[0].slug).toBe('linen-camp-shirt');
    expect(body.products[1].slug).toBe('wrap-dress');
  });
});

describe('GET /api/products/related/:category/:excludeId', () => {
  it('lists the category without the product, those sharing its types first', async () => {
    const { status, body } = await get(`/api/products/related/men/${ids['wool-overcoat']}`);
    expect(status).toBe(200);
    expect(body.products.map((p: Product) => p.slug)).toEqual(['denim-jacket', 'linen-camp-shirt']);
  });

  it('answers 404 for an unknown category or product', async () => {
    expect((await get(`/api/products/related/pets/${ids['wool-overcoat']}`)).status).toBe(404);
    expect((await get('/api/products/related/men/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('GET /api/products/facets', () => {
  it('offers the types, sizes in canonical order, brands and top price of a listing', async () => {
    const { status, body } = await get('/api/products/facets?category=men');
    expect(status).toBe(200);
    expect(ProductFacetsSchema.parse(body)).toEqual({
      success: true,
      types: ['coats', 'jackets', 'outerwear', 'shirts'],
      sizes: ['M', 'L', 'XL'],
      brands: ['Marlow', 'Northbound'],
      colours: ['blue'],
      maxPrice: 240,
    });
  });

  it('refuses an unknown category', async () => {
    expect((await get('/api/products/facets?category=pets')).status).toBe(400);
  });
});

describe('unknown API routes', () => {
  it('answers JSON 404, never the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'Route GET /api/nothing-here not found',
    });
  });

  it('answers 404 for a method the route does not have', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/products/all-products' });
    expect(response.statusCode).toBe(404);
  });
});

// Last in the file: these products join the kids' listing and its facets.
describe('the colour filter (decision 043)', () => {
  const chroma = (query: string) =>
    list(`/api/products/all-products?brand=chroma&${query}`).then((page) => slugs(page).sort());

  beforeAll(async () => {
    const colour = (name: string, swatch: string, sizes: Record<string, number>) => ({
      name,
      swatch,
      images: [],
      sizes: Object.entries(sizes).map(([size, stock]) => ({ size, stock })),
    });
    const [, scarf] = (await insertProducts(t.database.db, [
      buildProduct({
        slug: 'two-tone-tee',
        brand: 'Chroma',
        category: 'kids',
        sizes: [],
        colours: [colour('Sage', '#9aab8f', { M: 0, L: 2 }), colour('Navy', '#1f2a44', { M: 3, L: 0 })],
      }),
      buildProduct({
        slug: 'red-scarf',
        brand: 'Chroma',
        category: 'kids',
        sizes: [],
        colours: [colour('Red', '#b22222', { M: 0 }), colour('Violet', '#6a0dad', { M: 5 })],
      }),
      buildProduct({ slug: 'plain-blue-tee', brand: 'Chroma', category: 'kids', sizes: [{ size: 'M', stock: 1 }] }),
    ])) as [string, string, string];
    await t.database.db
      .update(productColours)
      .set({ hiddenAt: new Date() })
      .where(and(eq(productColours.productId, scarf), eq(productColours.name, 'Violet')));
  });

  it('keeps products with a visible colour of one of the families, in any case', async () => {
    expect(await chroma('colours=green')).toEqual(['two-tone-tee']);
    expect(await chroma('colours=blue')).toEqual(['plain-blue-tee', 'two-tone-tee']);
    expect(await chroma('colours=RED,Green')).toEqual(['red-scarf', 'two-tone-tee']);
    expect(await chroma('colours=black')).toEqual([]);
  });

  it('never matches a hidden colour, nor counts its stock for sizes', async () => {
    expect(await chroma('colours=purple')).toEqual([]);
    // The scarf's only M in stock is its hidden violet.
    expect(await chroma('sizes=M')).toEqual(['plain-blue-tee', 'two-tone-tee']);
  });

  it('with sizes, asks for one variant of that colour in stock in that size', async () => {
    // The tee's green has no M: its M is navy, so "green in M" finds nothing.
    expect(await chroma('colours=green&sizes=M')).toEqual([]);
    expect(await chroma('colours=green&sizes=L')).toEqual(['two-tone-tee']);
    expect(await chroma('colours=blue&sizes=M')).toEqual(['plain-blue-tee', 'two-tone-tee']);
    expect(await chroma('colours=blue&sizes=L')).toEqual([]);
    expect(await chroma('colours=red&sizes=M')).toEqual([]);
  });

  it('works on a category path, with the count', async () => {
    const page = await list('/api/products/category/kids?colours=red&brand=chroma');
    expect(slugs(page)).toEqual(['red-scarf']);
    expect(page.total).toBe(1);
    expect(slugs(await list('/api/products/category/men?colours=red&brand=chroma'))).toEqual([]);
  });

  it('offers the families of visible colours in the scope as facets, in the closed order', async () => {
    const { body } = await get('/api/products/facets?category=kids');
    expect(ProductFacetsSchema.parse(body).colours).toEqual(['red', 'green', 'blue']);
  });

  it("answers each visible colour's stock per size, with the SKU of a variant that has one", async () => {
    const [sage] = await t.database.db.select().from(productColours).where(eq(productColours.swatch, '#9aab8f'));
    await t.database.db
      .update(productSizes)
      .set({ sku: 'TT-SAGE-L' })
      .where(and(eq(productSizes.colourId, sage?.id ?? ''), eq(productSizes.size, 'L')));
    const { body } = await get('/api/products/slug/two-tone-tee');
    const tee = ProductAnswerSchema.parse(body).product;
    expect(tee.colours.map((c) => [c.name, c.family, c.stock])).toEqual([
      [
        'Sage',
        'green',
        [
          { size: 'M', quantity: 0 },
          { size: 'L', quantity: 2, sku: 'TT-SAGE-L' },
        ],
      ],
      [
        'Navy',
        'blue',
        [
          { size: 'M', quantity: 3 },
          { size: 'L', quantity: 0 },
        ],
      ],
    ]);
  });

  it('refuses a family outside the closed list with the contract message', async () => {
    for (const url of [
      '/api/products/all-products?colours=teal',
      '/api/products/all-products?colours=green,chartreuse',
      '/api/products/category/kids?colours=%3Cscript%3E',
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect((body as ErrorBody).errors).toContainEqual({ param: 'colours', msg: MESSAGES.colourFilterInvalid });
    }
  });
});

function eff(p: Product): number {
  return p.new_price > 0 ? p.new_price : p.old_price;
}

function off(p: Product): number {
  return p.new_price > 0 ? (p.old_price - p.new_price) / p.old_price : 0;
}
