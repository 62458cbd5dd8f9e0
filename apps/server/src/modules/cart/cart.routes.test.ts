import { ACCOUNT_MESSAGES, CART_MESSAGES as M, CartAnswerSchema, DEFAULT_COLOUR_NAME } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productSizes } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { signUp } from '../../test/account-factory.ts';
import { cartClient, type CartClient } from '../../test/cart-client.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let alice: CartClient;
let bob: CartClient;
let tee: string;
let dress: string;
let gone: string;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  [tee, dress, gone] = (await insertProducts(t.database.db, [
    buildProduct({
      name: 'Cart Tee',
      images: ['/images/products/tee-front.svg', '/images/products/tee-back.svg'],
      priceCents: 5_000,
      sizes: [
        { size: 'S', stock: 5 },
        { size: 'M', stock: 3 },
        { size: 'L', stock: 0 },
      ],
    }),
    buildProduct({
      name: 'Cart Dress',
      category: 'women',
      priceCents: 8_000,
      salePriceCents: 5_999,
      sizes: [{ size: 'M', stock: 10 }],
    }),
    buildProduct({ name: 'Soon Gone', sizes: [{ size: 'M', stock: 4 }] }),
  ])) as [string, string, string];
  alice = cartClient(t.app, (await signUp(t.app)).accessToken);
  bob = cartClient(t.app, (await signUp(t.app)).accessToken);
});

afterAll(async () => {
  await t.close();
});

function cartOf(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(200);
  return CartAnswerSchema.parse(response.json()).cart;
}

function expectError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  message: string,
  param?: string,
) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { success: boolean; message: string; errors?: { param: string; msg: string }[] };
  expect(body.success).toBe(false);
  expect(body.message).toBe(message);
  if (param) expect(body.errors).toContainEqual({ param, msg: message });
}

describe('without a token', () => {
  it.each([
    ['GET', ''],
    ['POST', '/add'],
    ['POST', '/update'],
    ['POST', '/remove'],
    ['DELETE', '/clear'],
    ['POST', '/sync'],
    ['POST', '/coupon'],
    ['DELETE', '/coupon'],
  ] as const)('%s /api/cart%s answers 401 Authentication required, before reading the body', async (method, path) => {
    const response = await cartClient(t.app).call(method, path, method === 'POST' ? { junk: true } : undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'UNAUTHENTICATED',
      message: ACCOUNT_MESSAGES.authenticationRequired,
    });
  });

  it('refuses a forged token', async () => {
    const response = await cartClient(t.app, 'not-a-jwt').get();
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/cart', () => {
  it('answers an empty cart for a new user', async () => {
    const newcomer = cartClient(t.app, (await signUp(t.app)).accessToken);
    expect(cartOf(await newcomer.get())).toEqual({
      items: [],
      totalItems: 0,
      totalPrice: 0,
      subtotal: 0,
      discount: 0,
      coupon: null,
    });
  });
});

describe('POST /api/cart/add', () => {
  it('adds one by default, priced from the database, whatever prices the client sends', async () => {
    const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
    const cart = cartOf(
      await shopper.add({ productId: dress, size: 'M', price: 0.01, new_price: 0.01, old_price: 1, totalPrice: 0 }),
    );
    expect(cart.items).toEqual([
      {
        productId: dress,
        name: 'Cart Dress',
        image: expect.any(String),
        size: 'M',
        colourId: expect.any(String),
        colourName: DEFAULT_COLOUR_NAME,
        swatch: '#1f4e79',
        showColour: false,
        quantity: 1,
        old_price: 80,
        new_price: 59.99,
        price: 59.99,
        inStock: true,
        maxQuantity: 10,
      },
    ]);
    expect(cart).toMatchObject({ totalItems: 1, subtotal: 59.99, discount: 0, totalPrice: 59.99, coupon: null });
  });

  it('shows the main image, the regular price and new_price 0 for an undiscounted product', async () => {
    const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
    const [item] = cartOf(await shopper.add({ productId: tee, size: 'S', quantity: 2 })).items;
    expect(item).toMatchObject({ image: '/images/products/tee-front.svg', old_price: 50, new_price: 0, price: 50 });
  });

  it('adds to the existing line of the same product and size, and keeps sizes apart', async () => {
    const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
    await shopper.add({ productId: tee, size: 'S', quantity: 2 });
    await shopper.add({ productId: tee, size: 'M', quantity: 1 });
    const cart = cartOf(await shopper.add({ productId: tee, size: 'S', quantity: 3 }));
    expect(cart.items.map((i) => [i.size, i.quantity])).toEqual([
      ['S', 5],
      ['M', 1],
    ]);
    expect(cart).toMatchObject({ totalItems: 6, subtotal: 300, totalPrice: 300 });
  });

  it('accepts a size in any case and stores the catalog spelling', async () => {
    const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
    const cart = cartOf(await shopper.add({ productId: tee.toUpperCase(), size: ' m ', quantity: 1 }));
    expect(cart.items[0]).toMatchObject({ productId: tee, size: 'M' });
  });

  it.each([
    [{ quantity: 1 }, M.sizeRequired],
    [{ size: '', quantity: 1 }, M.sizeRequired],
    [{ size: '   ', quantity: 1 }, M.sizeRequired],
    [{ size: null, quantity: 1 }, M.sizeRequired],
  ])('needs a size (docs/product.md#cart-input): %j', async (fields, message) => {
    expectError(await alice.add({ productId: tee, ...fields }), 400, message, 'size');
  });

  it.each([0, -1])('needs a quantity of at least 1: %d', async (quantity) => {
    expectError(await alice.add({ productId: tee, size: 'S', quantity }), 400, M.quantityAtLeastOne, 'quantity');
  });

  it('needs a product', async () => {
    expectError(await alice.add({ size: 'S' }), 400, M.productRequired, 'productId');
  });

  it.each([UNKNOWN_ID, 'not-a-uuid'])('answers 404 for a product that does not exist: %s', async (productId) => {
    expectError(await alice.add({ productId, size: 'S' }), 404, M.productNotFound);
  });

  it('answers 400 on size for a size the product does not come in', async () => {
    expectError(await alice.add({ productId: dress, size: 'XXL' }), 400, M.sizeUnavailable('XXL'), 'size');
  });

  it('answers 409 when the quantity is above the stock of the size', async () => {
    expectError(await alice.add({ productId: tee, size: 'M', quantity: 4 }), 409, 'Only 3 left in size M.', 'quantity');
  });

  it('counts what is already in the cart against the stock, and changes nothing when refused', async () => {
    const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
    await shopper.add({ productId: tee, size: 'M', quantity: 2 });
    expectError(
      await shopper.add({ productId: tee, size: 'M', quantity: 2 }),
      409,
      'Only 3 left in size M, and 2 are already in your cart.',
    );
    expect(cartOf(await shopper.get()).items[0]?.quantity).toBe(2);
  });

  it('answers 409 for a sold-out size', async () => {
    expectError(await alice.add({ productId: tee, size: 'L' }), 409, 'Size L is sold out.', 'quantity');
  });
});

describe('POST /api/cart/update', () => {
  it('sets the quantity of a line', async () => {
    const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
    await shopper.add({ productId: tee, size: 'S', quantity: 1 });
    const cart = cartOf(await shopper.update({ productId: tee, size: 'S', quantity: 4, price: 1 }));
    expect(cart.items[0]?.quantity).toBe(4);
    expect(cart.subtotal).toBe(200);
    expect(cartOf(await shopper.update({ productId: tee, size: 'S', quantity: 1 })).items[0]?.quantity).toBe(1);
  });

  it('refuses a quantity above the stock with 409, and below 1 with 400', async () => {
    const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
    await shopper.add({ productId: tee, size: 'M', quantity: 1 });
    expectError(await shopper.update({ productId: tee, size: 'M', quantity: 9 }), 409, 'Only 3 left in size M.');
    expectError(
      await shopper.update({ productId: tee, size: 'M', quantity: 0 }),
      400,
      M.quantityAtLeastOne,
      'quantity',
    );
    expectError(await shopper.update({ productId: tee, size: 'M' }), 400, M.quantityAtLeastOne, 'quantity');
    expectError(await shopper.update({ productId: tee, quantity: 2 }), 400, M.sizeRequired, 'size');
    expect(cartOf(await shopper.get()).items[0]?.quantity).toBe(1);
  });

  it('answers 404 for a line that is not in the cart, and for an unknown product', async () => {
    const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
    expectError(await shopper.update({ productId: tee, size: 'S', quantity: 1 }), 404, M.lineNotFound);
    expectError(await shopper.update({ productId: UNKNOWN_ID, size: 'S', quantity: 1 }), 404, M.productNotFound);
    expectError(
      await shopper.update({ productId: tee, size: 'XL', quantity: 1 }),
      400,
      M.sizeUnavailable('XL'),
      'size',
    );
  });
});

describe('POST /api/cart/remove', () => {
  it('takes a quantity off, removes the line at or beyond its quantity, or with removeAll', async () => {
    const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
    await shopper.add({ productId: tee, size: 'S', quantity: 4 });
    await shopper.add({ productId: dress, size: 'M', quantity: 2 });
    await shopper.add({ productId: tee, size: 'M', quantity: 1 });

    let cart = cartOf(await shopper.remove({ productId: tee, size: 'S', quantity: 1 }));
    expect(cart.items.find((i) => i.productId === tee && i.size === 'S')?.quantity).toBe(3);

    cart = cartOf(await shopper.remove({ productId: tee, size: 'S', quantity: 5 }));
    expect(cart.items.some((i) => i.productId === tee && i.size === 'S')).toBe(false);

    cart = cartOf(await shopper.remove({ productId: dress, size: 'M', quantity: 1, removeAll: true }));
    expect(cart.items.some((i) => i.productId === dress)).toBe(false);

    cart = cartOf(await shopper.remove({ productId: tee, size: 'M' }));
    expect(cart.items).toEqual([]);
    expect(cart.totalItems).toBe(0);
  });

  it('answers 404 for a line that is not in the cart, and needs a size', async () => {
    const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
    await shopper.add({ productId: tee, size: 'S', quantity: 1 });
    expectError(await shopper.remove({ productId: tee, size: 'M', quantity: 1 }), 404, M.lineNotFound);
    expectError(await shopper.remove({ productId: UNKNOWN_ID, size: 'S' }), 404, M.lineNotFound);
    expectError(await shopper.remove({ productId: 'nope', size: 'S' }), 404, M.lineNotFound);
    expectError(await shopper.remove({ productId: tee, quantity: 1 }), 400, M.sizeRequired, 'size');
    expectError(await shopper.remove({ productId: tee, size: 'S', quantity: 0 }), 400, M.quantityAtLeastOne);
    expect(cartOf(await shopper.get()).totalItems).toBe(1);
  });
});

describe('DELETE /api/cart/clear', () => {
  it('empties the cart', async () => {
    const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
    await shopper.add({ productId: tee, size: 'S', quantity: 2 });
    await shopper.add({ productId: dress, size: 'M' });
    expect(cartOf(await shopper.clear())).toMatchObject({ items: [], totalItems: 0, totalPrice: 0 });
    expect(cartOf(await shopper.get()).items).toEqual([]);
    expect(cartOf(await shopper.clear()).items).toEqual([]);
  });
});

describe('prices and lines always come from the database', () => {
  it('follows a price change and a stock change made after the add', async () => {
    const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
    await shopper.add({ productId: dress, size: 'M', quantity: 2 });
    await t.database.db.update(products).set({ salePriceCents: 4_000 }).where(eq(products.id, dress));
    await t.database.db.update(productSizes).set({ stock: 1 }).where(eq(productSizes.productId, dress));
    const cart = cartOf(await shopper.get());
    expect(cart.items[0]).toMatchObject({
      price: 40,
      new_price: 40,
      old_price: 80,
      quantity: 2,
      inStock: true,
      maxQuantity: 1,
    });
    expect(cart.subtotal).toBe(80);
    await t.database.db.update(products).set({ salePriceCents: 5_999 }).where(eq(products.id, dress));
    await t.database.db.update(productSizes).set({ stock: 10 }).where(eq(productSizes.productId, dress));
  });

  it('drops the lines of a product that was deleted', async () => {
    const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
    await shopper.add({ productId: gone, size: 'M', quantity: 1 });
    await shopper.add({ productId: tee, size: 'S', quantity: 1 });
    await t.database.db.delete(products).where(eq(products.id, gone));
    const cart = cartOf(await shopper.get());
    expect(cart.items.map((i) => i.productId)).toEqual([tee]);
    expect(cart.totalItems).toBe(1);
  });
});

describe("another user's cart", () => {
  it('is never visible nor changeable', async () => {
    await alice.clear();
    await bob.clear();
    await alice.add({ productId: tee, size: 'S', quantity: 2 });
    expect(cartOf(await bob.get()).items).toEqual([]);
    expectError(await bob.update({ productId: tee, size: 'S', quantity: 1 }), 404, M.lineNotFound);
    expectError(await bob.remove({ productId: tee, size: 'S', removeAll: true }), 404, M.lineNotFound);
    await bob.add({ productId: dress, size: 'M' });
    await bob.clear();
    const aliceCart = cartOf(await alice.get());
    expect(aliceCart.items.map((i) => [i.productId, i.size, i.quantity])).toEqual([[tee, 'S', 2]]);
  });
});

describe('OpenAPI', () => {
  it('documents every cart route under the cart tag', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    for (const [path, method] of [
      ['/api/cart/', 'get'],
      ['/api/cart/add', 'post'],
      ['/api/cart/update', 'post'],
      ['/api/cart/remove', 'post'],
      ['/api/cart/clear', 'delete'],
      ['/api/cart/sync', 'post'],
      ['/api/cart/coupon', 'post'],
      ['/api/cart/coupon', 'delete'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['cart']);
    }
  });
});
