import { ADMIN_CATALOG_MESSAGES as M, type AdminProduct } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, stockMovements } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { makeImage, multipartFile, pngBomb } from '../../test/image-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;
let seededId: string;

beforeAll(async () => {
  t = await createTestApp({ IMAGE_UPLOAD_MAX_MB: '1', CATALOG_CACHE_TTL_MS: '60000' });
  cast = await backOfficeCast(t.app, t.database);
  [seededId] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Seeded Linen Shirt', slug: 'seeded-linen-shirt', brand: 'Northline' }),
  ])) as [string];
});
afterAll(async () => await t.close());

const NEW_PRODUCT = {
  name: 'Harbour Rain Jacket',
  category: 'women',
  brand: 'Coastline',
  shortDescription: 'A light rain jacket.',
  longDescription: 'Taped seams, a hood that stays put, and room for a sweater underneath.',
  tags: ['waterproof'],
  types: ['jackets'],
  price: 120,
  salePrice: 99.5,
  sizes: ['S', 'M', 'L'],
  stock: { S: 2, M: 5 },
};

const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
  headers: Record<string, string> = cast.staff.headers,
) => t.app.inject({ method, url, payload, headers });

async function create(overrides: object = {}): Promise<AdminProduct> {
  const response = await send('POST', '/api/admin/products', { ...NEW_PRODUCT, ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ product: AdminProduct }>().product;
}

async function upload(productId: string, bytes: Buffer, headers = cast.staff.headers) {
  const body = multipartFile(bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/products/${productId}/images`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

const auditRows = (entityId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, entityId)));

describe('access', () => {
  it('answers a guest 401 and a customer 403 on every products route; staff may', async () => {
    const [target] = (await insertProducts(t.database.db, [buildProduct({ name: 'Guard Target' })])) as [string];
    for (const request of [
      { method: 'GET', url: '/api/admin/products' },
      { method: 'GET', url: `/api/admin/products/${target}` },
      { method: 'GET', url: '/api/admin/products/slug-check?slug=abc' },
      { method: 'POST', url: '/api/admin/products', payload: { ...NEW_PRODUCT, name: 'Guard Test Coat' } },
      { method: 'PATCH', url: `/api/admin/products/${target}`, payload: { name: 'Changed' } },
      { method: 'PUT', url: `/api/admin/products/${target}/status`, payload: { status: 'archived' } },
      { method: 'PUT', url: `/api/admin/products/${target}/images`, payload: { images: [] } },
      { method: 'POST', url: `/api/admin/products/${target}/images` },
    ] as const) {
      const answers = await guardAnswers(t.app, cast, request);
      expect(answers.guest, request.url).toBe(401);
      expect(answers.customer, request.url).toBe(403);
      expect(answers.staff, request.url).toBeLessThan(402);
    }
    // Only staff got through: one change each, in the audit log.
    const actions = (await auditRows(target)).map((r) => [r.action, r.actorId]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['product.update', cast.staff.userId],
        ['product.archive', cast.staff.userId],
      ]),
    );
  });

  it('refuses an upload from a customer before reading the file', async () => {
    const response = await upload(seededId, await makeImage(40, 50, 'png'), cast.customer.headers);
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/admin/products', () => {
  it('creates a draft with a slug from the name, prices in dollars, sizes in order and opening stock', async () => {
    const product = await create();
    expect(product).toMatchObject({
      slug: 'harbour-rain-jacket',
      status: 'draft',
      price: 120,
      salePrice: 99.5,
      sizes: [
        { size: 'S', stock: 2 },
        { size: 'M', stock: 5 },
        { size: 'L', stock: 0 },
      ],
      totalStock: 7,
      images: [],
    });
    const [row] = await auditRows(product.id);
    expect(row).toMatchObject({ action: 'product.create', actorId: cast.staff.userId });
    expect(row?.after).toMatchObject({ slug: 'harbour-rain-jacket' });
    // The stock ledger holds the opening stock, so it sums to the stock from the start.
    const ledger = await t.database.db.select().from(stockMovements).where(eq(stockMovements.productId, product.id));
    expect(ledger.map((m) => [m.size, m.delta, m.reason, m.actorId]).sort()).toEqual([
      ['M', 5, 'import', cast.staff.userId],
      ['S', 2, 'import', cast.staff.userId],
    ]);
    // A draft is not in the storefront.
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(404);
  });

  it('takes sizes named like Object properties, with no opening stock unless given (a 500 the API fuzz found)', async () => {
    const product = await create({
      name: 'Prototype Tee',
      sizes: ['S', '__proto__', 'constructor', 'toString'],
      stock: { S: 1, toString: 2 },
    });
    expect(product.sizes).toEqual([
      { size: 'S', stock: 1 },
      { size: '__proto__', stock: 0 },
      { size: 'constructor', stock: 0 },
      { size: 'toString', stock: 2 },
    ]);
    const edited = await send('PATCH', `/api/admin/products/${product.id}`, {
      sizes: ['S', '__proto__', 'constructor', 'toString', 'valueOf'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ product: AdminProduct }>().product.sizes.at(-1)).toEqual({ size: 'valueOf', stock: 0 });
  });

  it('gives a second product of the same name the next free slug, and refuses a taken slug it is given', async () => {
    const again = await create({ name: 'Harbour Rain Jacket' });
    expect(again.slug).toMatch(/^harbour-rain-jacket-\d+$/);
    const taken = await send('POST', '/api/admin/products', { ...NEW_PRODUCT, slug: 'seeded-linen-shirt' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ param: 'slug', msg: M.slugTaken }]);
  });

  it.each([
    [{ name: '' }, 'name', M.nameRequired],
    [{ name: 'A' }, 'name', M.nameLength],
    [{ slug: 'Not A Slug' }, 'slug', M.slugInvalid],
    [{ brand: '' }, 'brand', M.brandRequired],
    [{ category: 'pets' }, 'category', M.categoryInvalid],
    [{ price: 0 }, 'price', M.priceInvalid],
    [{ price: 10.005 }, 'price', M.priceInvalid],
    [{ price: 1e-9 }, 'price', M.priceInvalid],
    [{ salePrice: 1e-9 }, 'salePrice', M.priceInvalid],
    [{ price: 50, salePrice: 50 }, 'salePrice', M.salePriceNotBelow],
    [{ sizes: [] }, 'sizes', M.sizesRequired],
    [{ sizes: ['M', 'm'], stock: {} }, 'sizes', M.sizesDuplicate],
    [{ stock: { XXL: 3 } }, 'stock', M.stockForUnknownSize],
    [{ stock: { S: -1 } }, 'stock.S', M.stockInvalid],
    [{ tags: ['x'.repeat(41)] }, 'tags.0', M.tagInvalid],
    [{ longDescription: 'x'.repeat(5001) }, 'longDescription', M.descriptionTooLong],
  ])('refuses a bad field with its message (%#)', async (change, param, message) => {
    const response = await send('POST', '/api/admin/products', { ...NEW_PRODUCT, ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toContainEqual({ param, msg: message });
  });
});

describe('GET /api/admin/products', () => {
  it('searches, filters by status, category and stock, sorts and pages', async () => {
    const a = await create({ name: 'Filter Alpha Tee', category: 'kids', price: 10, salePrice: null, stock: {} });
    await create({ name: 'Filter Beta Tee', category: 'kids', price: 30, salePrice: null, status: 'published' });
    const list = async (query: string) => {
      const response = await send('GET', `/api/admin/products?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: AdminProduct[]; total: number; page: number; pageSize: number }>();
    };
    const kids = await list('category=kids&sort=price&dir=asc');
    expect(kids.items.map((p) => p.name)).toEqual(['Filter Alpha Tee', 'Filter Beta Tee']);
    expect((await list('q=filter%20beta')).items.map((p) => p.name)).toEqual(['Filter Beta Tee']);
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('category=kids&status=draft')).items.map((p) => p.id)).toEqual([a.id]);
    expect((await list('category=kids&stock=out')).items.map((p) => p.id)).toEqual([a.id]);
    expect((await list('category=kids&stock=low')).items.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Filter Alpha Tee', 'Filter Beta Tee']),
    );
    const paged = await list('pageSize=1&page=2&sort=name&dir=asc');
    expect(paged).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(4);
    expect((await list('page=999')).total).toBe(paged.total);
  });

  it('refuses unknown sorts and filters with 400', async () => {
    for (const query of ['sort=secret', 'dir=up', 'status=gone', 'stock=some', 'pageSize=1000']) {
      expect((await send('GET', `/api/admin/products?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('checks a slug: free, taken, malformed, or the product’s own', async () => {
    const check = async (query: string) => (await send('GET', `/api/admin/products/slug-check?${query}`)).json();
    expect(await check('slug=brand-new-slug')).toEqual({ available: true });
    expect(await check('slug=seeded-linen-shirt')).toEqual({ available: false, message: M.slugTaken });
    expect(await check(`slug=seeded-linen-shirt&excludeId=${seededId}`)).toEqual({ available: true });
    expect(await check('slug=No%20Way')).toEqual({ available: false, message: M.slugInvalid });
  });
});

describe('PATCH, status and the storefront', () => {
  it('edits fields, keeps stock of kept sizes, and the storefront sees the change at once', async () => {
    const product = await create({ status: 'published' });
    const before = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(before.json().product.name).toBe('Harbour Rain Jacket');
    const response = await send('PATCH', `/api/admin/products/${product.id}`, {
      name: 'Harbour Storm Jacket',
      sizes: ['XS', 'S', 'M', 'L'],
      salePrice: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().product).toMatchObject({
      name: 'Harbour Storm Jacket',
      salePrice: null,
      sizes: [
        { size: 'XS', stock: 0 },
        { size: 'S', stock: 2 },
        { size: 'M', stock: 5 },
        { size: 'L', stock: 0 },
      ],
    });
    // The read cache lives a minute in this file: only the clear on write makes this pass.
    const after = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(after.json().product).toMatchObject({
      name: 'Harbour Storm Jacket',
      new_price: 0,
      sizes: ['XS', 'S', 'M', 'L'],
    });
    const actions = (await auditRows(product.id)).map((r) => r.action);
    expect(actions).toContain('product.update');
  });

  it('refuses removing a size that has stock, a sale price above the stored price, and a taken slug', async () => {
    const product = await create();
    const size = await send('PATCH', `/api/admin/products/${product.id}`, { sizes: ['L'] });
    expect(size.statusCode).toBe(409);
    expect(size.json().message).toBe(M.sizeHasStock('S', 2));
    const sale = await send('PATCH', `/api/admin/products/${product.id}`, { salePrice: 500 });
    expect(sale.statusCode).toBe(400);
    expect(sale.json().errors).toEqual([{ param: 'salePrice', msg: M.salePriceNotBelow }]);
    const slug = await send('PATCH', `/api/admin/products/${product.id}`, { slug: 'seeded-linen-shirt' });
    expect(slug.statusCode).toBe(409);
    const unknown = await send('PATCH', '/api/admin/products/00000000-0000-4000-8000-000000000000', { name: 'Xy' });
    expect(unknown.statusCode).toBe(404);
    expect((await send('GET', '/api/admin/products/not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses a price or sale price with a fraction of a cent, however small, and keeps the stored prices', async () => {
    const product = await create({ salePrice: null });
    for (const change of [{ price: 1e-9 }, { salePrice: 1e-9 }, { price: 0.001 }, { price: 120.000000001 }]) {
      const response = await send('PATCH', `/api/admin/products/${product.id}`, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors).toEqual([{ param: Object.keys(change)[0], msg: M.priceInvalid }]);
    }
    expect((await send('GET', `/api/admin/products/${product.id}`)).json().product).toMatchObject({
      price: 120,
      salePrice: null,
    });
    const cents = await send('PATCH', `/api/admin/products/${product.id}`, { price: 19.99, salePrice: 0.1 + 0.2 });
    expect(cents.statusCode, cents.body).toBe(200);
    expect(cents.json().product).toMatchObject({ price: 19.99, salePrice: 0.3 });
  });

  it('publishes, unpublishes and archives; archived products leave the storefront and carts, orders keep their lines', async () => {
    const product = await create();
    const publish = await send('PUT', `/api/admin/products/${product.id}/status`, { status: 'published' });
    expect(publish.json().product.status).toBe('published');
    expect((await t.app.inject({ method: 'GET', url: `/api/products/slug/${product.slug}` })).statusCode).toBe(200);
    const listed = await t.app.inject({ method: 'GET', url: '/api/products/all-products?q=harbour&limit=100' });
    expect(listed.json().products.map((p: { id: string }) => p.id)).toContain(product.id);

    const add = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: cast.customer.headers,
      payload: { productId: product.id, size: 'M', quantity: 1 },
    });
    expect(add.statusCode, add.body).toBe(200);

    const archive = await send('PUT', `/api/admin/products/${product.id}/status`, { status: 'archived' });
    expect(archive.json().product.status).toBe('archived');
    expect((await t.app.inject({ method: 'GET', url: `/api/products/slug/${product.slug}` })).statusCode).toBe(404);
    const relisted = await t.app.inject({ method: 'GET', url: '/api/products/all-products?q=harbour&limit=100' });
    expect(relisted.json().products.map((p: { id: string }) => p.id)).not.toContain(product.id);
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: cast.customer.headers });
    expect(cart.json().cart.items).toEqual([]);
    const readd = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: cast.customer.headers,
      payload: { productId: product.id, size: 'M', quantity: 1 },
    });
    expect(readd.statusCode).toBe(404);
    expect((await auditRows(product.id)).map((r) => r.action)).toEqual(
      expect.arrayContaining(['product.publish', 'product.archive']),
    );
    const status = await send('PUT', `/api/admin/products/${product.id}/status`, { status: 'sold' });
    expect(status.statusCode).toBe(400);
    // Orders copy name, image and price into their lines, so nothing there points at the product's state.
    expect(await t.database.db.select().from(orderItems).where(eq(orderItems.productId, product.id))).toEqual([]);
  });
});

describe('drafts stay out of every storefront read', () => {
  it('is absent from new collection, related products, facets and reviews until published', async () => {
    const draft = await create({ name: 'Hidden Draft Parka', brand: 'Draftwear', types: ['parkas'] });
    const storefront = async () => {
      const get = (url: string) => t.app.inject({ method: 'GET', url }).then((r) => r.json());
      const newest = await get('/api/products/newcollection');
      const related = await get(`/api/products/related/women/${seededId}`);
      const facets = await get('/api/products/facets?category=women');
      const reviews = await t.app.inject({ method: 'GET', url: `/api/reviews/products/${draft.id}` });
      return {
        isNewest: newest.products.some((p: { id: string }) => p.id === draft.id),
        isRelated: related.products.some((p: { id: string }) => p.id === draft.id),
        hasBrand: facets.brands.includes('Draftwear'),
        reviewsStatus: reviews.statusCode,
      };
    };
    expect(await storefront()).toEqual({ isNewest: false, isRelated: false, hasBrand: false, reviewsStatus: 404 });
    await send('PUT', `/api/admin/products/${draft.id}/status`, { status: 'published' });
    expect(await storefront()).toMatchObject({ isNewest: true, hasBrand: true, reviewsStatus: 200 });
  });
});

describe('images', () => {
  it('uploads two images, serves content-hashed immutable variants, and the storefront gets srcset data', async () => {
    const product = await create({ status: 'published' });
    const first = await upload(product.id, await makeImage(900, 1125, 'jpeg'));
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(product.id, await makeImage(500, 625, 'png'));
    expect(second.statusCode, second.body).toBe(201);
    const gallery = second.json<{ product: AdminProduct }>().product.images;
    expect(gallery).toHaveLength(2);
    expect(gallery[0]).toMatchObject({ isMain: true, isUploaded: true, width: 900, height: 1125 });
    expect(gallery[0]?.url).toMatch(/^\/images\/uploads\/[0-9a-f]{20}-640\.webp$/);
    expect(gallery[0]?.srcSet).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-900\.webp 900w$/);

    const served = await t.app.inject({ method: 'GET', url: gallery[0]?.url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640 });
    expect(meta.exif).toBeUndefined();
    const revalidated = await t.app.inject({
      method: 'GET',
      url: gallery[0]?.url ?? '',
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);

    const storefront = (await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json().product;
    expect(storefront.images).toEqual(gallery.map((g) => g.url));
    expect(storefront.mainImage).toBe(gallery[0]?.url);
    expect(storefront.imageSources[gallery[0]?.url ?? '']).toMatchObject({ width: 900, height: 1125 });

    // The same file again is the same image, not a duplicate.
    const again = await upload(product.id, await makeImage(500, 625, 'png'));
    expect(again.json().product.images).toHaveLength(2);
    expect((await auditRows(product.id)).filter((r) => r.action === 'product.image-add')).toHaveLength(3);
  });

  it('reorders, chooses the main image and deletes the ones left out, whose files go too', async () => {
    const product = await create();
    await upload(product.id, await makeImage(400, 500, 'webp'));
    const last = await upload(product.id, await makeImage(360, 450, 'jpeg'));
    const [a, b] = last.json<{ product: AdminProduct }>().product.images.map((i) => i.url) as [string, string];
    const reorder = await send('PUT', `/api/admin/products/${product.id}/images`, { images: [b, a], mainImage: a });
    expect(reorder.statusCode, reorder.body).toBe(200);
    expect(reorder.json().product.images.map((i: { url: string; isMain: boolean }) => [i.url, i.isMain])).toEqual([
      [b, false],
      [a, true],
    ]);
    const removal = await send('PUT', `/api/admin/products/${product.id}/images`, { images: [a] });
    expect(removal.json().product.images.map((i: { url: string }) => i.url)).toEqual([a]);
    expect((await t.app.inject({ method: 'GET', url: b })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: a })).statusCode).toBe(200);

    const foreign = await send('PUT', `/api/admin/products/${product.id}/images`, { images: [a, '/images/evil.svg'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ param: 'images', msg: M.galleryUnknownImage }]);
    const main = await send('PUT', `/api/admin/products/${product.id}/images`, { images: [a], mainImage: b });
    expect(main.json().errors).toEqual([{ param: 'mainImage', msg: M.galleryMainNotListed }]);
  });

  it('refuses hostile uploads with clear 400s and changes nothing', async () => {
    const product = await create();
    const expectRefused = async (response: Awaited<ReturnType<typeof upload>>, message: string) => {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        errors: [{ param: 'file', msg: message }],
      });
    };
    await expectRefused(await upload(product.id, Buffer.from('<?php echo "hi"; ?>')), M.imageNotSupported);
    await expectRefused(
      await upload(product.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
      M.imageNotSupported,
    );
    await expectRefused(await upload(product.id, pngBomb(20_000, 20_000)), M.imageTooManyPixels(50));
    const jpeg = await makeImage(300, 300, 'jpeg');
    await expectRefused(await upload(product.id, jpeg.subarray(0, jpeg.length - 200)), M.imageUnreadable);
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(1_200_000, 7)]);
    await expectRefused(await upload(product.id, huge), M.imageTooLarge(1));
    await expectRefused(await send('POST', `/api/admin/products/${product.id}/images`, { file: 'x' }), M.imageMissing);
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/images`,
      headers: { ...cast.staff.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\u00ff\u00d8',
    });
    expect(broken.statusCode).toBe(400);
    const unchanged = await send('GET', `/api/admin/products/${product.id}`);
    expect(unchanged.json().product.images).toEqual([]);
    const missing = await upload('00000000-0000-4000-8000-000000000000', await makeImage(40, 50, 'png'));
    expect(missing.statusCode).toBe(404);
  });
});
