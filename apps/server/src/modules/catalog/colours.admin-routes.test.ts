import {
  ADMIN_CATALOG_MESSAGES as M,
  type AdminProduct,
  AdminProductAnswerSchema,
  MAX_PRODUCT_COLOURS,
  type Product,
  ProductAnswerSchema,
} from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cartItems, orderItems, orders, productSizes, stockMovements } from '../../db/schema.ts';
import { verifiedShopper } from '../../test/checkout-factory.ts';
import { makeImage, multipartFile } from '../../test/image-factory.ts';
import { placeOrder } from '../../test/order-factory.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  // A minute of read cache: the storefront sees a colour change at once only through the clear on write.
  t = await createTestApp({ IMAGE_UPLOAD_MAX_MB: '1', CATALOG_CACHE_TTL_MS: '60000' });
  cast = await backOfficeCast(t.app, t.database);
});
afterAll(async () => await t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, payload?: object, headers: Record<string, string> = cast.staff.headers) =>
  t.app.inject({ method, url, payload, headers });

function productOf(response: { statusCode: number; body: string; json: () => unknown }, status = 200): AdminProduct {
  expect(response.statusCode, response.body).toBe(status);
  return AdminProductAnswerSchema.parse(response.json()).product;
}

let sequence = 0;
/** A published product in Sage, with stock in S and M, through the back office. */
async function createProduct(overrides: object = {}): Promise<AdminProduct> {
  sequence += 1;
  return productOf(
    await send('POST', '/api/admin/products', {
      name: `Linen Shirt ${sequence}`,
      category: 'men',
      brand: 'Loomwell',
      price: 59,
      sizes: ['S', 'M', 'L'],
      status: 'published',
      colours: [{ name: 'Sage', swatch: '#9aab8f', stock: { S: 2, M: 3 } }],
      ...overrides,
    }),
    201,
  );
}

const colours = (productId: string) => `/api/admin/products/${productId}/colours`;
const addColour = async (productId: string, body: object) =>
  productOf(await send('POST', colours(productId), body), 201);
const colourNamed = (product: AdminProduct, name: string) => {
  const colour = product.colours.find((c) => c.name === name);
  if (!colour) throw new Error(`no colour ${name} in ${product.colours.map((c) => c.name).join(', ')}`);
  return colour;
};

async function storefront(slug: string): Promise<Product> {
  const response = await t.app.inject({ method: 'GET', url: `/api/products/slug/${slug}` });
  expect(response.statusCode, response.body).toBe(200);
  return ProductAnswerSchema.parse(response.json()).product;
}

const auditActions = async (productId: string) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, productId)))
  ).map((row) => [row.action, row.actorId]);

async function upload(productId: string, colourId: string, bytes: Buffer) {
  const body = multipartFile(bytes);
  return t.app.inject({
    method: 'POST',
    url: `${colours(productId)}/${colourId}/images`,
    payload: body.payload,
    headers: { ...cast.staff.headers, ...body.headers },
  });
}

describe('access', () => {
  it('answers a guest 401 and a customer 403 on every colour route, before reading anything', async () => {
    const product = await createProduct();
    const sage = colourNamed(product, 'Sage');
    for (const request of [
      { method: 'POST', url: colours(product.id), payload: { name: 'Navy', swatch: '#1f2a44' } },
      { method: 'PATCH', url: `${colours(product.id)}/${sage.id}`, payload: { name: 'Moss' } },
      { method: 'PUT', url: `${colours(product.id)}/order`, payload: { colourIds: [sage.id] } },
      { method: 'DELETE', url: `${colours(product.id)}/${sage.id}` },
      { method: 'POST', url: `${colours(product.id)}/${sage.id}/images` },
      { method: 'PUT', url: `${colours(product.id)}/${sage.id}/images`, payload: { images: [] } },
    ] as const) {
      expect(await guardAnswers(t.app, cast, request, 'staff'), `${request.method} ${request.url}`).toEqual({
        guest: 401,
        customer: 403,
      });
    }
    expect(productOf(await send('GET', `/api/admin/products/${product.id}`)).colours.map((c) => c.name)).toEqual([
      'Sage',
    ]);
    expect(await auditActions(product.id)).toEqual([['product.create', cast.staff.userId]]);
  });
});

describe('creating a product with colours', () => {
  it('makes each colour with its stock in every size, in order, the first one the default', async () => {
    const product = await createProduct({
      colours: [
        { name: 'Sage', swatch: '#9AAB8F', stock: { S: 2 } },
        { name: 'Navy Blue', swatch: '#1f2a44', stock: { M: 4, L: 1 } },
      ],
    });
    expect(product.colours.map((c) => [c.name, c.slug, c.swatch, c.family, c.position, c.isHidden])).toEqual([
      ['Sage', 'sage', '#9aab8f', 'green', 0, false],
      ['Navy Blue', 'navy-blue', '#1f2a44', 'blue', 1, false],
    ]);
    expect(colourNamed(product, 'Navy Blue').sizes).toEqual([
      { size: 'S', stock: 0, sku: '' },
      { size: 'M', stock: 4, sku: '' },
      { size: 'L', stock: 1, sku: '' },
    ]);
    expect(product.sizes).toEqual([
      { size: 'S', stock: 2 },
      { size: 'M', stock: 4 },
      { size: 'L', stock: 1 },
    ]);
    expect(product.totalStock).toBe(7);
    const shop = await storefront(product.slug);
    expect(shop.defaultColourId).toBe(colourNamed(product, 'Sage').id);
    expect(shop.colours.map((c) => c.slug)).toEqual(['sage', 'navy-blue']);
    // The opening stock of each colour is in the ledger, under that colour.
    const ledger = await t.database.db.select().from(stockMovements).where(eq(stockMovements.productId, product.id));
    expect(ledger.map((m) => [m.colourId, m.size, m.delta, m.reason]).sort()).toEqual(
      [
        [colourNamed(product, 'Sage').id, 'S', 2, 'import'],
        [colourNamed(product, 'Navy Blue').id, 'M', 4, 'import'],
        [colourNamed(product, 'Navy Blue').id, 'L', 1, 'import'],
      ].sort(),
    );
  });

  it.each([
    [{ colours: [] }, 'colours', M.coloursRequired],
    [{ colours: [{ name: 'Sage', swatch: 'green' }] }, 'colours.0.swatch', M.swatchInvalid],
    [{ colours: [{ name: ' ', swatch: '#9aab8f' }] }, 'colours.0.name', M.colourNameRequired],
    [
      {
        colours: [
          { name: 'Sage', swatch: '#9aab8f' },
          { name: 'SAGE', swatch: '#9aab8e' },
        ],
      },
      'colours',
      M.colourNameTaken,
    ],
    [{ colours: [{ name: 'Sage', swatch: '#9aab8f', stock: { XXL: 1 } }] }, 'colours', M.stockForUnknownSize],
    [
      {
        colours: Array.from({ length: MAX_PRODUCT_COLOURS + 1 }, (_, i) => ({
          name: `Tone ${i}`,
          swatch: '#9aab8f',
        })),
      },
      'colours',
      M.colourLimit(MAX_PRODUCT_COLOURS),
    ],
  ])('refuses bad colours with their message (%#)', async (change, param, message) => {
    const response = await send('POST', '/api/admin/products', {
      name: 'Refused Shirt',
      category: 'men',
      brand: 'Loomwell',
      price: 59,
      sizes: ['S', 'M', 'L'],
      ...change,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toContainEqual({ param, msg: message });
  });
});

describe('POST /api/admin/products/{id}/colours', () => {
  it('adds a colour last, with a row for every size, its opening stock in the ledger, audited, shown at once', async () => {
    const product = await createProduct();
    await storefront(product.slug); // cached now
    const after = await addColour(product.id, { name: 'Navy', swatch: '#1F2A44', stock: { M: 4 } });
    const navy = colourNamed(after, 'Navy');
    expect(navy).toMatchObject({
      slug: 'navy',
      swatch: '#1f2a44',
      family: 'blue',
      position: 1,
      isHidden: false,
      hasOpenOrders: false,
      images: [],
      mainImage: null,
      totalStock: 4,
      sizes: [
        { size: 'S', stock: 0, sku: '' },
        { size: 'M', stock: 4, sku: '' },
        { size: 'L', stock: 0, sku: '' },
      ],
    });
    expect(after.sizes).toEqual([
      { size: 'S', stock: 2 },
      { size: 'M', stock: 7 },
      { size: 'L', stock: 0 },
    ]);
    const rows = await t.database.db
      .select()
      .from(productSizes)
      .where(and(eq(productSizes.productId, product.id), eq(productSizes.colourId, navy.id)));
    expect(rows.map((r) => [r.size, r.position, r.stock]).sort()).toEqual([
      ['L', 2, 0],
      ['M', 1, 4],
      ['S', 0, 0],
    ]);
    const ledger = await t.database.db.select().from(stockMovements).where(eq(stockMovements.colourId, navy.id));
    expect(ledger.map((m) => [m.size, m.delta, m.reason, m.note, m.actorId])).toEqual([
      ['M', 4, 'import', 'opening stock', cast.staff.userId],
    ]);
    expect(await auditActions(product.id)).toContainEqual(['product.colour.add', cast.staff.userId]);
    // The storefront's cached answer was dropped: the new colour shows, after the default.
    const shop = await storefront(product.slug);
    expect(shop.colours.map((c) => c.name)).toEqual(['Sage', 'Navy']);
    expect(shop.defaultColourId).toBe(colourNamed(after, 'Sage').id);
    expect(shop.stock).toEqual([
      { size: 'S', quantity: 2 },
      { size: 'M', quantity: 7 },
      { size: 'L', quantity: 0 },
    ]);
  });

  it('gives a colour whose slug is taken the next free one', async () => {
    const product = await createProduct();
    const after = await addColour(product.id, { name: 'Sage!', swatch: '#9aab8f' });
    expect(colourNamed(after, 'Sage!').slug).toBe('sage-2');
  });

  it('refuses a name the product already has (in any case), unknown sizes, and more than the limit', async () => {
    const product = await createProduct();
    const taken = await send('POST', colours(product.id), { name: 'SAGE', swatch: '#000000' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ param: 'name', msg: M.colourNameTaken }]);
    const unknownSize = await send('POST', colours(product.id), { name: 'Navy', swatch: '#1f2a44', stock: { XL: 1 } });
    expect(unknownSize.statusCode).toBe(400);
    expect(unknownSize.json().errors).toEqual([{ param: 'stock', msg: M.stockForUnknownSize }]);
    for (let i = 1; i < MAX_PRODUCT_COLOURS; i += 1)
      await addColour(product.id, { name: `Tone ${i}`, swatch: '#445566' });
    const tooMany = await send('POST', colours(product.id), { name: 'One Too Many', swatch: '#445566' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(M.colourLimit(MAX_PRODUCT_COLOURS));
    const stored = productOf(await send('GET', `/api/admin/products/${product.id}`));
    expect(stored.colours).toHaveLength(MAX_PRODUCT_COLOURS);
  });

  it.each([
    [{ name: '', swatch: '#1f2a44' }, 'name', M.colourNameRequired],
    [{ name: 'x'.repeat(41), swatch: '#1f2a44' }, 'name', M.colourNameRequired],
    [{ name: 'Nul\u0000Name', swatch: '#1f2a44' }, 'name', M.colourNameRequired],
    [{ name: 42, swatch: '#1f2a44' }, 'name', M.colourNameRequired],
    [{ name: 'Navy', swatch: '#12345' }, 'swatch', M.swatchInvalid],
    [{ name: 'Navy', swatch: 'rgb(0,0,0)' }, 'swatch', M.swatchInvalid],
    [{ name: 'Navy', swatch: '#1f2a44', stock: { S: -1 } }, 'stock.S', M.stockInvalid],
    [{ name: 'Navy', swatch: '#1f2a44', stock: { S: 1.5 } }, 'stock.S', M.stockInvalid],
  ])('refuses hostile input with a 400 naming the field (%#)', async (body, param, message) => {
    const product = await createProduct();
    const response = await send('POST', colours(product.id), body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toContainEqual({ param, msg: message });
  });

  it('answers 404 for an unknown or malformed product', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const response = await send('POST', colours(id), { name: 'Navy', swatch: '#1f2a44' });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe(M.productNotFound);
    }
  });
});

describe('PATCH /api/admin/products/{id}/colours/{colourId}', () => {
  it('renames with a new slug, changes the swatch and its family, audited; the storefront follows', async () => {
    const product = await createProduct();
    const sage = colourNamed(product, 'Sage');
    const after = productOf(
      await send('PATCH', `${colours(product.id)}/${sage.id}`, { name: 'Deep Moss', swatch: '#8B1A1A' }),
    );
    expect(colourNamed(after, 'Deep Moss')).toMatchObject({
      id: sage.id,
      slug: 'deep-moss',
      swatch: '#8b1a1a',
      family: 'red',
    });
    expect(await auditActions(product.id)).toContainEqual(['product.colour.update', cast.staff.userId]);
    expect((await storefront(product.slug)).colours.map((c) => [c.slug, c.family])).toEqual([['deep-moss', 'red']]);
  });

  it("refuses another colour's name and keeps slugs unique; an empty change is a 400", async () => {
    const product = await addColour((await createProduct()).id, { name: 'Navy', swatch: '#1f2a44' });
    const navy = colourNamed(product, 'Navy');
    const taken = await send('PATCH', `${colours(product.id)}/${navy.id}`, { name: 'sage' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ param: 'name', msg: M.colourNameTaken }]);
    const renamed = productOf(await send('PATCH', `${colours(product.id)}/${navy.id}`, { name: 'Sage?' }));
    expect(colourNamed(renamed, 'Sage?').slug).toBe('sage-2');
    // Its own name in another case is a rename, not a clash.
    const recased = productOf(await send('PATCH', `${colours(product.id)}/${navy.id}`, { name: 'SAGE?' }));
    expect(colourNamed(recased, 'SAGE?').slug).toBe('sage-2');
    const empty = await send('PATCH', `${colours(product.id)}/${navy.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.colourUpdateEmpty);
    const badSwatch = await send('PATCH', `${colours(product.id)}/${navy.id}`, { swatch: '#GGGGGG' });
    expect(badSwatch.json().errors).toContainEqual({ param: 'swatch', msg: M.swatchInvalid });
    const badHidden = await send('PATCH', `${colours(product.id)}/${navy.id}`, { isHidden: 'yes' });
    expect(badHidden.statusCode).toBe(400);
  });

  it('hides a colour: it leaves the storefront and its summaries, the back office still counts its stock', async () => {
    const product = await addColour((await createProduct()).id, { name: 'Navy', swatch: '#1f2a44', stock: { L: 6 } });
    const sage = colourNamed(product, 'Sage');
    const navy = colourNamed(product, 'Navy');
    await storefront(product.slug);
    const hidden = productOf(await send('PATCH', `${colours(product.id)}/${sage.id}`, { isHidden: true }));
    expect(colourNamed(hidden, 'Sage').isHidden).toBe(true);
    expect(hidden.totalStock).toBe(11);
    expect(await auditActions(product.id)).toContainEqual(['product.colour.hide', cast.staff.userId]);

    const shop = await storefront(product.slug);
    expect(shop.colours.map((c) => c.name)).toEqual(['Navy']);
    // The default moves to the first visible colour, and the summaries count only visible ones.
    expect(shop.defaultColourId).toBe(navy.id);
    expect(shop.stock).toEqual([
      { size: 'S', quantity: 0 },
      { size: 'M', quantity: 0 },
      { size: 'L', quantity: 6 },
    ]);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/products/all-products?sizes=S&q=${encodeURIComponent(product.name)}`,
    });
    expect(listed.json().products.map((p: { id: string }) => p.id)).not.toContain(product.id);

    // The last visible colour cannot go; showing one again is an update.
    const last = await send('PATCH', `${colours(product.id)}/${navy.id}`, { isHidden: true });
    expect(last.statusCode).toBe(409);
    expect(last.json().errors).toEqual([{ param: 'isHidden', msg: M.lastVisibleColour }]);
    const shown = productOf(await send('PATCH', `${colours(product.id)}/${sage.id}`, { isHidden: false }));
    expect(shown.colours.every((c) => !c.isHidden)).toBe(true);
    expect((await storefront(product.slug)).defaultColourId).toBe(sage.id);
  });

  it("answers 404 for another product's colour, an unknown one and a malformed id, changing nothing", async () => {
    const product = await createProduct();
    const other = await createProduct();
    const foreign = colourNamed(other, 'Sage');
    for (const colourId of [foreign.id, UNKNOWN_ID, 'sage']) {
      const response = await send('PATCH', `${colours(product.id)}/${colourId}`, { name: 'Stolen' });
      expect(response.statusCode, colourId).toBe(404);
      expect(response.json().message).toBe(M.colourNotFound);
    }
    expect(colourNamed(productOf(await send('GET', `/api/admin/products/${other.id}`)), 'Sage').id).toBe(foreign.id);
  });
});

describe('PUT /api/admin/products/{id}/colours/order', () => {
  it('reorders: the first visible colour becomes the default, and its photos the summary gallery', async () => {
    const product = await addColour((await createProduct()).id, { name: 'Navy', swatch: '#1f2a44' });
    const sage = colourNamed(product, 'Sage');
    const navy = colourNamed(product, 'Navy');
    const withPhoto = productOf(await upload(product.id, navy.id, await makeImage(300, 375, 'png')), 201);
    const navyPhoto = colourNamed(withPhoto, 'Navy').mainImage;
    expect(navyPhoto).toMatch(/^\/images\/uploads\//);
    expect((await storefront(product.slug)).mainImage).not.toBe(navyPhoto);

    const reordered = productOf(await send('PUT', `${colours(product.id)}/order`, { colourIds: [navy.id, sage.id] }));
    expect(reordered.colours.map((c) => [c.name, c.position])).toEqual([
      ['Navy', 0],
      ['Sage', 1],
    ]);
    // The product's own gallery fields are the default colour's.
    expect(reordered.images.map((i) => i.url)).toEqual([navyPhoto]);
    expect(await auditActions(product.id)).toContainEqual(['product.colour.reorder', cast.staff.userId]);
    const shop = await storefront(product.slug);
    expect(shop.defaultColourId).toBe(navy.id);
    expect(shop.colours.map((c) => c.name)).toEqual(['Navy', 'Sage']);
    expect(shop.mainImage).toBe(navyPhoto);
    expect(shop.images).toEqual([navyPhoto]);
    expect(shop.imageSources?.[navyPhoto ?? '']).toMatchObject({ width: 300, height: 375 });
  });

  it('refuses a list that is not exactly the product’s colours, each once', async () => {
    const product = await addColour((await createProduct()).id, { name: 'Navy', swatch: '#1f2a44' });
    const [sage, navy] = product.colours.map((c) => c.id) as [string, string];
    const foreign = (await createProduct()).colours[0]?.id ?? '';
    for (const colourIds of [[sage], [sage, sage], [sage, navy, foreign], [sage, foreign], [navy, UNKNOWN_ID]]) {
      const response = await send('PUT', `${colours(product.id)}/order`, { colourIds });
      expect(response.statusCode, JSON.stringify(colourIds)).toBe(400);
      expect(response.json().errors).toEqual([{ param: 'colourIds', msg: M.colourOrderInvalid }]);
    }
    for (const body of [{}, { colourIds: [] }, { colourIds: ['not-a-uuid'] }, { colourIds: sage }]) {
      const response = await send('PUT', `${colours(product.id)}/order`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(M.colourOrderInvalid);
    }
    const unchanged = productOf(await send('GET', `/api/admin/products/${product.id}`));
    expect(unchanged.colours.map((c) => c.id)).toEqual([sage, navy]);
    const missing = await send('PUT', `${colours(UNKNOWN_ID)}/order`, { colourIds: [sage] });
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/products/{id}/colours/{colourId}', () => {
  it('removes a colour with its variants, ledger and cart lines; other colours stay', async () => {
    const product = await addColour((await createProduct()).id, { name: 'Navy', swatch: '#1f2a44', stock: { M: 2 } });
    const sage = colourNamed(product, 'Sage');
    const navy = colourNamed(product, 'Navy');
    const shopper = await verifiedShopper(t.app, t.database);
    for (const colourId of [sage.id, navy.id]) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/cart/add',
        headers: { authorization: `Bearer ${shopper.accessToken}` },
        payload: { productId: product.id, colourId, size: 'M', quantity: 1 },
      });
      expect(added.statusCode, added.body).toBe(200);
    }

    const after = productOf(await send('DELETE', `${colours(product.id)}/${navy.id}`));
    expect(after.colours.map((c) => c.name)).toEqual(['Sage']);
    expect(after.totalStock).toBe(5);
    expect(await auditActions(product.id)).toContainEqual(['product.colour.remove', cast.staff.userId]);
    const lines = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, shopper.userId));
    expect(lines.map((l) => l.colourId)).toEqual([sage.id]);
    expect(await t.database.db.select().from(productSizes).where(eq(productSizes.colourId, navy.id))).toEqual([]);
    expect(await t.database.db.select().from(stockMovements).where(eq(stockMovements.colourId, navy.id))).toEqual([]);
    expect((await storefront(product.slug)).colours.map((c) => c.name)).toEqual(['Sage']);
    const again = await send('DELETE', `${colours(product.id)}/${navy.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(M.colourNotFound);
  });

  it('refuses the last visible colour, even with hidden ones left', async () => {
    const product = await addColour((await createProduct()).id, { name: 'Navy', swatch: '#1f2a44' });
    const sage = colourNamed(product, 'Sage');
    const navy = colourNamed(product, 'Navy');
    productOf(await send('PATCH', `${colours(product.id)}/${navy.id}`, { isHidden: true }));
    const refused = await send('DELETE', `${colours(product.id)}/${sage.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.lastVisibleColour);
    // A hidden colour may go while a visible one stays.
    const removed = productOf(await send('DELETE', `${colours(product.id)}/${navy.id}`));
    expect(removed.colours.map((c) => c.name)).toEqual(['Sage']);
    const only = await send('DELETE', `${colours(product.id)}/${sage.id}`);
    expect(only.statusCode).toBe(409);
  });

  it('refuses a colour on an order in Processing or Shipped (hide it instead); once delivered it may go, the order keeps its name', async () => {
    const product = await addColour((await createProduct()).id, { name: 'Navy', swatch: '#1f2a44', stock: { M: 3 } });
    const navy = colourNamed(product, 'Navy');
    const buyer = await verifiedShopper(t.app, t.database);
    const order = await placeOrder(t.app, t.database, buyer, {
      productId: product.id,
      colourId: navy.id,
      size: 'M',
      quantity: 1,
    });
    const held = productOf(await send('GET', `/api/admin/products/${product.id}`));
    expect(colourNamed(held, 'Navy').hasOpenOrders).toBe(true);
    expect(colourNamed(held, 'Sage').hasOpenOrders).toBe(false);

    for (const status of ['Processing', 'Shipped'] as const) {
      await t.database.db.update(orders).set({ status }).where(eq(orders.id, order.id));
      const refused = await send('DELETE', `${colours(product.id)}/${navy.id}`);
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().message).toBe(M.colourHasOpenOrders);
    }
    // Hiding is allowed while the order is open.
    productOf(await send('PATCH', `${colours(product.id)}/${navy.id}`, { isHidden: true }));

    await t.database.db.update(orders).set({ status: 'Delivered' }).where(eq(orders.id, order.id));
    expect(colourNamed(productOf(await send('GET', `/api/admin/products/${product.id}`)), 'Navy').hasOpenOrders).toBe(
      false,
    );
    productOf(await send('DELETE', `${colours(product.id)}/${navy.id}`));
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ colourId: null, colourName: 'Navy', size: 'M' });
  });

  it("answers 404 for another product's colour and leaves it alone", async () => {
    const product = await addColour((await createProduct()).id, { name: 'Navy', swatch: '#1f2a44' });
    const other = await addColour((await createProduct()).id, { name: 'Navy', swatch: '#1f2a44' });
    const response = await send('DELETE', `${colours(product.id)}/${colourNamed(other, 'Navy').id}`);
    expect(response.statusCode).toBe(404);
    expect(productOf(await send('GET', `/api/admin/products/${other.id}`)).colours).toHaveLength(2);
  });
});

describe('photos per colour', () => {
  it("uploads to one colour's gallery; the product's own routes act on the default colour", async () => {
    const product = await addColour((await createProduct()).id, { name: 'Navy', swatch: '#1f2a44' });
    const navy = colourNamed(product, 'Navy');
    const first = productOf(await upload(product.id, navy.id, await makeImage(400, 500, 'jpeg')), 201);
    const second = productOf(await upload(product.id, navy.id, await makeImage(320, 400, 'webp')), 201);
    const gallery = colourNamed(second, 'Navy').images;
    expect(gallery).toHaveLength(2);
    expect(gallery[0]).toMatchObject({ isMain: true, isUploaded: true, width: 400, height: 500 });
    expect(colourNamed(first, 'Sage').images).toEqual([]);
    expect(second.images).toEqual([]); // the default colour (Sage) has none

    const shop = await storefront(product.slug);
    const shopNavy = shop.colours.find((c) => c.id === navy.id);
    expect(shopNavy?.images).toEqual(gallery.map((g) => g.url));
    expect(shopNavy?.imageSources?.[gallery[0]?.url ?? '']).toMatchObject({ width: 400, height: 500 });

    // The product's own upload goes to the default colour.
    const body = multipartFile(await makeImage(300, 300, 'png'));
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/images`,
      payload: body.payload,
      headers: { ...cast.staff.headers, ...body.headers },
    });
    const withOwn = productOf(own, 201);
    expect(colourNamed(withOwn, 'Sage').images).toHaveLength(1);
    expect(colourNamed(withOwn, 'Navy').images).toHaveLength(2);
    expect(withOwn.images.map((i) => i.url)).toEqual(colourNamed(withOwn, 'Sage').images.map((i) => i.url));
  });

  it("reorders a colour's gallery and keeps a picture another colour still shows", async () => {
    const product = await addColour((await createProduct()).id, { name: 'Navy', swatch: '#1f2a44' });
    const sage = colourNamed(product, 'Sage');
    const navy = colourNamed(product, 'Navy');
    const shared = await makeImage(360, 450, 'png');
    productOf(await upload(product.id, sage.id, shared), 201);
    productOf(await upload(product.id, navy.id, shared), 201);
    const both = productOf(await upload(product.id, navy.id, await makeImage(200, 250, 'jpeg')), 201);
    const [a, b] = colourNamed(both, 'Navy').images.map((i) => i.url) as [string, string];
    expect(colourNamed(both, 'Sage').images.map((i) => i.url)).toEqual([a]);

    const url = `${colours(product.id)}/${navy.id}/images`;
    const reordered = productOf(await send('PUT', url, { images: [b, a], mainImage: a }));
    expect(colourNamed(reordered, 'Navy').images.map((i) => [i.url, i.isMain])).toEqual([
      [b, false],
      [a, true],
    ]);
    expect(colourNamed(reordered, 'Navy').mainImage).toBe(a);
    // Navy lets go of the shared picture: Sage still shows it, so its file stays.
    const dropped = productOf(await send('PUT', url, { images: [b] }));
    expect(colourNamed(dropped, 'Navy').images.map((i) => i.url)).toEqual([b]);
    expect((await t.app.inject({ method: 'GET', url: a })).statusCode).toBe(200);
    // Removing Navy takes its own picture's file with it.
    productOf(await send('DELETE', `${colours(product.id)}/${navy.id}`));
    expect((await t.app.inject({ method: 'GET', url: b })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: a })).statusCode).toBe(200);

    const foreign = await send('PUT', `${colours(product.id)}/${sage.id}/images`, { images: [b] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ param: 'images', msg: M.galleryUnknownImage }]);
  });

  it("refuses hostile uploads and another product's colour", async () => {
    const product = await createProduct();
    const sage = colourNamed(product, 'Sage');
    const other = colourNamed(await createProduct(), 'Sage');
    const php = await upload(product.id, sage.id, Buffer.from('<?php echo "hi"; ?>'));
    expect(php.statusCode).toBe(400);
    expect(php.json().errors).toEqual([{ param: 'file', msg: M.imageNotSupported }]);
    const foreign = await upload(product.id, other.id, await makeImage(40, 50, 'png'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(M.colourNotFound);
    const gallery = await send('PUT', `${colours(product.id)}/${other.id}/images`, { images: [] });
    expect(gallery.statusCode).toBe(404);
    const unknown = await upload(UNKNOWN_ID, sage.id, await makeImage(40, 50, 'png'));
    expect(unknown.statusCode).toBe(404);
    expect(productOf(await send('GET', `/api/admin/products/${product.id}`)).colours[0]?.images).toEqual([]);
  });
});
