import { COLLECTION_MESSAGES as M } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';

const clock = createTestClock(new Date('2026-11-20T12:00:00Z'));
let t: TestApp;
let cast: BackOfficeCast;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  cast = await backOfficeCast(t.app, t.database);
  const made = await insertProducts(t.database.db, [
    buildProduct({ name: 'Linen Shirt', slug: 'linen-shirt', tags: ['Linen'], types: ['shirts'], priceCents: 4_500 }),
    buildProduct({
      name: 'Linen Dress',
      slug: 'linen-dress',
      category: 'women',
      tags: ['linen', 'summer'],
      types: ['dresses'],
      priceCents: 9_000,
      salePriceCents: 4_000,
    }),
    buildProduct({ name: 'Wool Coat', slug: 'wool-coat', tags: ['wool'], types: ['coats'], priceCents: 20_000 }),
    buildProduct({
      name: 'Green Linen Tee',
      slug: 'green-linen-tee',
      tags: ['linen'],
      colours: [{ name: 'Moss', swatch: '#2e7d32', images: [], sizes: [{ size: 'M', stock: 3 }] }],
    }),
  ]);
  ids = { shirt: made[0], dress: made[1], coat: made[2], tee: made[3] } as Record<string, string>;
});
afterAll(async () => await t.close());

async function create(body: object): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/collections',
    headers: cast.staff.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().collection.id;
}
const names = async (url: string) => {
  const response = await t.app.inject(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().products.map((p: { name: string }) => p.name);
};

describe('a rule collection', () => {
  beforeAll(async () => {
    await create({
      name: 'Linen',
      slug: 'linen',
      description: 'Light for summer',
      kind: 'rule',
      rule: { tags: ['LINEN'] },
    });
  });

  it('reads the collection and lists the products its rule selects, tags matched case-blind', async () => {
    const read = await t.app.inject('/api/collections/linen');
    expect(read.statusCode).toBe(200);
    expect(read.json().collection).toMatchObject({
      slug: 'linen',
      name: 'Linen',
      description: 'Light for summer',
      banner: null,
    });
    expect((await names('/api/collections/linen/products?sort=price-asc')).sort()).toEqual([
      'Green Linen Tee',
      'Linen Dress',
      'Linen Shirt',
    ]);
  });

  it("applies the listing's filters, sort and paging within the rule", async () => {
    expect(await names('/api/collections/linen/products?types=dresses')).toEqual(['Linen Dress']);
    expect(await names('/api/collections/linen/products?discount=true')).toEqual(['Linen Dress']);
    expect(await names('/api/collections/linen/products?colours=green')).toEqual(['Green Linen Tee']);
    expect(await names('/api/collections/linen/products?sort=price-desc&limit=1&page=2')).toHaveLength(1);
    const page = (await t.app.inject('/api/collections/linen/products?limit=2')).json();
    expect(page).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
  });

  it.each([
    [{ category: 'women' }, ['Linen Dress']],
    [{ types: ['coats'] }, ['Wool Coat']],
    [{ onSale: true }, ['Linen Dress']],
    [{ maxPrice: 45 }, ['Linen Dress', 'Linen Shirt']],
    [{ colours: ['green'] }, ['Green Linen Tee']],
    [{ category: 'men', tags: ['linen'], maxPrice: 49.99 }, ['Linen Shirt']],
  ])('rule %j selects %j', async (rule, expected) => {
    const slug = `rule-${Object.keys(rule).join('-').toLowerCase()}-${expected.length}`;
    await create({ name: 'Rule', slug, kind: 'rule', rule });
    expect((await names(`/api/collections/${slug}/products`)).sort()).toEqual([...expected].sort());
  });

  it('follows product changes at once (the catalog cache is cleared)', async () => {
    expect(await names('/api/collections/linen/products?types=coats')).toEqual([]);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${ids.coat}`,
      headers: cast.staff.headers,
      payload: { tags: ['wool', 'linen'] },
    });
    expect(await names('/api/collections/linen/products?types=coats')).toEqual(['Wool Coat']);
    await t.database.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.id, ids.coat as string));
  });

  it('refuses a malformed listing query with the field, and hostile slugs are not found', async () => {
    const bad = await t.app.inject('/api/collections/linen/products?sort=DROP%20TABLE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].param).toBe('sort');
    expect((await t.app.inject('/api/collections/linen/products?page=0')).statusCode).toBe(400);
    for (const slug of ["linen'%20or%201=1--", '..%2F..%2Fetc', '%3Cscript%3E', 'x'.repeat(201)]) {
      const response = await t.app.inject(`/api/collections/${slug}`);
      expect([400, 404, 414]).toContain(response.statusCode);
      expect(response.json().success).toBe(false);
    }
  });
});

describe('a hand-picked collection', () => {
  it('lists its products in the chosen order, unless the shopper sorts', async () => {
    await create({
      name: 'Staff Picks',
      slug: 'staff-picks',
      kind: 'manual',
      productIds: [ids.tee, ids.dress, ids.shirt],
    });
    expect(await names('/api/collections/staff-picks/products')).toEqual([
      'Green Linen Tee',
      'Linen Dress',
      'Linen Shirt',
    ]);
    expect(await names('/api/collections/staff-picks/products?sort=price-desc')).toEqual([
      'Green Linen Tee',
      'Linen Shirt',
      'Linen Dress',
    ]);
  });

  it('leaves out a picked product that is not on sale', async () => {
    await create({ name: 'With Draft', slug: 'with-draft', kind: 'manual', productIds: [ids.coat, ids.shirt] });
    expect(await names('/api/collections/with-draft/products')).toEqual(['Linen Shirt']);
  });
});

describe('home page sections', () => {
  it('with nothing chosen, answers no hero and no featured collection', async () => {
    expect((await t.app.inject('/api/home-sections')).json()).toEqual({ success: true, hero: null, featured: [] });
  });

  it('answers the chosen visible collections in order, each featured one with its first products', async () => {
    const list = (await t.app.inject({ url: '/api/admin/collections', headers: cast.staff.headers })).json()
      .collections;
    const idOf = (slug: string) => list.find((c: { slug: string }) => c.slug === slug).id;
    const hiddenId = await create({ name: 'Hidden Feature', slug: 'hidden-feature', kind: 'manual', isHidden: true });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/collections/home-sections',
      headers: cast.staff.headers,
      payload: { heroId: idOf('linen'), featuredIds: [idOf('staff-picks'), hiddenId] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const home = (await t.app.inject('/api/home-sections')).json();
    expect(home.hero).toMatchObject({ slug: 'linen', name: 'Linen' });
    expect(home.featured.map((f: { collection: { slug: string } }) => f.collection.slug)).toEqual(['staff-picks']);
    expect(home.featured[0].products.map((p: { name: string }) => p.name)).toEqual([
      'Green Linen Tee',
      'Linen Dress',
      'Linen Shirt',
    ]);
  });
});

describe('sitemap', () => {
  it('lists the visible collections and not the hidden ones', async () => {
    const xml = (await t.app.inject('/sitemap.xml')).body;
    expect(xml).toContain('/collections/linen</loc>');
    expect(xml).toContain('/collections/staff-picks</loc>');
    expect(xml).not.toContain('/collections/hidden-feature<');
  });
});

// Last: it moves the clock, which ends the cast's sessions.
describe('visibility', () => {
  it('a hidden collection is not found, and its products neither', async () => {
    const id = await create({
      name: 'Secret',
      slug: 'secret',
      kind: 'manual',
      isHidden: true,
      productIds: [ids.shirt],
    });
    for (const url of ['/api/collections/secret', '/api/collections/secret/products']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: M.notFound });
    }
    const shown = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/collections/${id}`,
      headers: cast.staff.headers,
      payload: { name: 'Secret', slug: 'secret', kind: 'manual', productIds: [ids.shirt] },
    });
    expect(shown.statusCode).toBe(200);
    expect((await t.app.inject('/api/collections/secret')).statusCode).toBe(200);
  });

  it('a scheduled collection shows from its first moment until (not including) its last', async () => {
    await create({
      name: 'Winter Edit',
      slug: 'winter-edit',
      kind: 'rule',
      rule: { tags: ['wool'] },
      visibleFrom: '2026-12-01T00:00:00Z',
      visibleUntil: '2027-03-01T00:00:00+01:00',
    });
    expect((await t.app.inject('/api/collections/winter-edit')).statusCode).toBe(404);
    clock.advance(Date.parse('2026-12-01T00:00:00Z') - clock().getTime());
    expect((await t.app.inject('/api/collections/winter-edit')).statusCode).toBe(200);
    // Answers are cached for CATALOG_CACHE_TTL_MS of real time: an address not read yet shows the closing.
    clock.advance(Date.parse('2027-02-28T23:00:00Z') - clock().getTime());
    expect((await t.app.inject('/api/collections/winter-edit/products')).statusCode).toBe(404);
  });
});
