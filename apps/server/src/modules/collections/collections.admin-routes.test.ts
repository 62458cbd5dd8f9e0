import { COLLECTION_MESSAGES as M } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;
let tee: string;
let dress: string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
  [tee, dress] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Admin Tee', slug: 'admin-tee' }),
    buildProduct({ name: 'Admin Dress', slug: 'admin-dress', category: 'women', types: ['dresses'] }),
  ])) as [string, string];
});
afterAll(async () => await t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';
const manual = (overrides: object = {}) => ({
  name: 'Hand Picked',
  slug: 'hand-picked',
  kind: 'manual',
  productIds: [dress, tee],
  ...overrides,
});
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = cast.staff.headers) =>
  t.app.inject({ method, url: `/api/admin/collections${url}`, headers, ...(payload ? { payload } : {}) });

describe('/api/admin/collections guard', () => {
  it.each([
    ['GET', '/api/admin/collections'],
    ['POST', '/api/admin/collections'],
    ['GET', `/api/admin/collections/${MISSING}`],
    ['PUT', `/api/admin/collections/${MISSING}`],
    ['DELETE', `/api/admin/collections/${MISSING}`],
    ['GET', '/api/admin/collections/home-sections'],
    ['PUT', '/api/admin/collections/home-sections'],
  ] as const)('%s %s: guest 401, customer 403', async (method, url) => {
    expect(await guardAnswers(t.app, cast, { method, url, payload: {} }, 'staff')).toEqual({
      guest: 401,
      customer: 403,
    });
  });
});

describe('creating, reading, changing and deleting a collection', () => {
  it('creates a hand-picked collection in order, audits it, and reads it back with the products’ names', async () => {
    const created = await send('POST', '', manual({ description: '  Picked by the team  ' }));
    expect(created.statusCode, created.body).toBe(201);
    const { collection, message, productNames } = created.json();
    expect(message).toBe(M.created('Hand Picked'));
    expect(collection).toMatchObject({
      slug: 'hand-picked',
      description: 'Picked by the team',
      kind: 'manual',
      productIds: [dress, tee],
      rule: null,
      banner: null,
      isHidden: false,
      isVisibleNow: true,
    });
    expect(productNames).toEqual({ [tee]: 'Admin Tee', [dress]: 'Admin Dress' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'collection'), eq(auditLog.entityId, collection.id)));
    expect(audit).toMatchObject({ actorId: cast.staff.userId, action: 'collection.create', before: null });

    const read = await send('GET', `/${collection.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().collection.productIds).toEqual([dress, tee]);
    const listed = await send('GET', '');
    expect(listed.json().collections.map((c: { slug: string }) => c.slug)).toContain('hand-picked');
  });

  it('refuses a slug another collection has (409 on the slug)', async () => {
    const taken = await send('POST', '', manual({ name: 'Another' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ param: 'slug', msg: M.slugTaken }]);
  });

  it('replaces a collection by a rule, with before and after in the audit log', async () => {
    const created = await send('POST', '', manual({ slug: 'to-change' }));
    const id = created.json().collection.id;
    const saved = await send('PUT', `/${id}`, {
      name: 'Dresses under $60',
      slug: 'dresses-under-60',
      kind: 'rule',
      rule: { types: ['dresses'], maxPrice: 60 },
      banner: { image: '/images/banners/women.svg', alt: 'Dresses', width: 1440, height: 360 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: M.saved('Dresses under $60'),
      collection: {
        kind: 'rule',
        productIds: [],
        rule: { types: ['dresses'], maxPrice: 60 },
        slug: 'dresses-under-60',
      },
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'collection.update'), eq(auditLog.entityId, id)));
    expect(audit?.before).toMatchObject({ slug: 'to-change', kind: 'manual' });
    expect(audit?.after).toMatchObject({ slug: 'dresses-under-60', kind: 'rule' });
  });

  it('deletes a collection, audited; then it is not found', async () => {
    const id = (await send('POST', '', manual({ slug: 'short-lived' }))).json().collection.id;
    const deleted = await send('DELETE', `/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(M.deleted('Hand Picked'));
    expect((await send('GET', `/${id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/${id}`)).statusCode).toBe(404);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'collection.delete'));
    expect(audit).toMatchObject({ entityId: id, after: null });
  });

  it('a product removed from the catalog leaves its hand-picked collections', async () => {
    const [gone] = await insertProducts(t.database.db, [buildProduct({ slug: 'soon-gone' })]);
    const id = (await send('POST', '', manual({ slug: 'with-gone', productIds: [gone, tee] }))).json().collection.id;
    await t.database.db.delete(products).where(eq(products.id, gone as string));
    expect((await send('GET', `/${id}`)).json().collection.productIds).toEqual([tee]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await send('GET', `/${MISSING}`)).statusCode).toBe(404);
    expect((await send('PUT', `/${MISSING}`, manual({ slug: 'nowhere' }))).statusCode).toBe(404);
    const malformed = await send('GET', '/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].param).toBe('id');
  });
});

describe('validation', () => {
  it.each([
    [{ name: 'A' }, 'name', M.nameInvalid],
    [{ name: 'x'.repeat(81) }, 'name', M.nameInvalid],
    [{ name: 'Evil\u202eName' }, 'name', M.nameInvalid],
    [{ slug: 'Upper-Case' }, 'slug', M.slugInvalid],
    [{ slug: 'double--hyphen' }, 'slug', M.slugInvalid],
    [{ slug: '../etc/passwd' }, 'slug', M.slugInvalid],
    [{ slug: '' }, 'slug', M.slugInvalid],
    [{ description: 'x'.repeat(1001) }, 'description', M.descriptionTooLong],
    [{ description: 'nul\u0000byte' }, 'description', M.descriptionTooLong],
    [{ kind: 'smart' }, 'kind', M.kindInvalid],
    [{ productIds: ['not-a-uuid'] }, 'productIds.0', M.productsInvalid],
    [{ productIds: [MISSING, MISSING] }, 'productIds', M.productsInvalid],
    [{ productIds: Array.from({ length: 201 }, () => MISSING) }, 'productIds', M.productsInvalid],
    [{ kind: 'rule', rule: null }, 'rule', M.ruleEmpty],
    [{ kind: 'rule', rule: {} }, 'rule', M.ruleEmpty],
    [{ kind: 'rule', rule: { onSale: false } }, 'rule', M.ruleEmpty],
    [{ kind: 'rule', rule: { tags: [''] } }, 'rule.tags.0', M.ruleTermsInvalid],
    [{ kind: 'rule', rule: { maxPrice: 0 } }, 'rule.maxPrice', M.rulePriceInvalid],
    [{ kind: 'rule', rule: { maxPrice: 10.001 } }, 'rule.maxPrice', M.rulePriceInvalid],
    [{ visibleFrom: 'next week' }, 'visibleFrom', M.dateInvalid],
    [{ visibleFrom: '2026-12-02T00:00:00Z', visibleUntil: '2026-12-01T00:00:00Z' }, 'visibleUntil', M.windowInverted],
  ])('refuses %j on %s', async (change, param, message) => {
    const response = await send('POST', '', manual({ slug: 'invalid-one', ...change }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toContainEqual({ param, msg: message });
  });

  it('refuses a product id that names no product, on that field', async () => {
    const response = await send('POST', '', manual({ slug: 'unknown-product', productIds: [tee, MISSING] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ param: 'productIds', msg: M.productsUnknown }]);
  });

  it.each([
    [{ image: 'javascript:alert(1)', alt: 'x', width: 10, height: 10 }, 'banner.image'],
    [{ image: '/images/../../etc/passwd', alt: 'x', width: 10, height: 10 }, 'banner.image'],
    [{ image: 'http://insecure.example/b.png', alt: 'x', width: 10, height: 10 }, 'banner.image'],
    [{ image: '/images/banners/men.svg', alt: '', width: 10, height: 10 }, 'banner.alt'],
    [{ image: '/images/banners/men.svg', alt: 'x', width: 0, height: 10 }, 'banner.width'],
  ])('refuses a hostile or broken banner %j', async (banner, param) => {
    const response = await send('POST', '', manual({ slug: 'bad-banner', banner }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { param: string }) => e.param)).toContain(param);
  });

  it('refuses a rule with a condition it does not know, and prototype keys', async () => {
    const unknown = await send('POST', '', manual({ slug: 'odd-rule', kind: 'rule', rule: { sql: '1=1' } }));
    expect(unknown.statusCode).toBe(400);
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/admin/collections',
      headers: { ...cast.staff.headers, 'content-type': 'application/json' },
      payload: '{"name":"Proto","slug":"proto","kind":"rule","rule":{"__proto__":{"category":"men"}}}',
    });
    expect(proto.statusCode).toBe(400);
  });

  it('keeps markup in a name as text', async () => {
    const created = await send('POST', '', manual({ slug: 'markup', name: '<img src=x onerror=alert(1)>' }));
    expect(created.statusCode).toBe(201);
    expect(created.json().collection.name).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('home page sections', () => {
  let hero: string;
  let featured: string;
  beforeAll(async () => {
    hero = (await send('POST', '', manual({ slug: 'home-hero', name: 'Home Hero' }))).json().collection.id;
    featured = (await send('POST', '', manual({ slug: 'home-featured', name: 'Home Featured' }))).json().collection.id;
  });

  it('starts empty: the default home page', async () => {
    const read = await send('GET', '/home-sections');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ success: true, heroId: null, featuredIds: [] });
  });

  it('saves a hero and featured collections in order, audited', async () => {
    const saved = await send('PUT', '/home-sections', { heroId: hero, featuredIds: [featured] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ success: true, message: M.homeSaved, heroId: hero, featuredIds: [featured] });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'home-sections.update'));
    expect(audit).toMatchObject({
      entity: 'setting',
      before: { heroId: null, featuredIds: [] },
      after: { heroId: hero, featuredIds: [featured] },
    });
  });

  it.each([
    [{ heroId: MISSING, featuredIds: [] }, 'heroId', M.homeUnknown],
    [{ heroId: null, featuredIds: [MISSING] }, 'featuredIds', M.homeUnknown],
    [{ heroId: null, featuredIds: ['x'] }, 'featuredIds.0', M.homeFeaturedInvalid],
    [{ heroId: null, featuredIds: [MISSING, MISSING] }, 'featuredIds', M.homeFeaturedInvalid],
    [
      { heroId: null, featuredIds: Array.from({ length: 5 }, (_, i) => `${MISSING.slice(0, -1)}${i}`) },
      'featuredIds',
      M.homeFeaturedInvalid,
    ],
  ])('refuses %j', async (body, param, message) => {
    const response = await send('PUT', '/home-sections', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toContainEqual({ param, msg: message });
  });

  it('a deleted collection leaves the sections; an empty choice restores the default', async () => {
    await send('DELETE', `/${featured}`);
    expect((await send('GET', '/home-sections')).json()).toMatchObject({ heroId: hero, featuredIds: [] });
    const cleared = await send('PUT', '/home-sections', { heroId: null, featuredIds: [] });
    expect(cleared.json()).toMatchObject({ heroId: null, featuredIds: [] });
  });
});
