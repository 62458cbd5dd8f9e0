import { CART_MESSAGES as M, CartSyncAnswerSchema, MAX_CART_SYNC_ITEMS } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSizes } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { signUp } from '../../test/account-factory.ts';
import { cartClient } from '../../test/cart-client.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let tee: string;
let coat: string;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  [tee, coat] = (await insertProducts(t.database.db, [
    buildProduct({
      priceCents: 2_500,
      sizes: [
        { size: 'S', stock: 5 },
        { size: 'M', stock: 3 },
        { size: 'L', stock: 0 },
      ],
    }),
    buildProduct({ priceCents: 12_000, salePriceCents: 9_000, sizes: [{ size: 'L', stock: 2 }] }),
  ])) as [string, string];
});

afterAll(async () => {
  await t.close();
});

async function setStock(productId: string, size: string, stock: number) {
  await t.database.db
    .update(productSizes)
    .set({ stock })
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
}

async function newShopper() {
  return cartClient(t.app, (await signUp(t.app)).accessToken);
}

function syncAnswer(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(200);
  return CartSyncAnswerSchema.parse(response.json());
}

describe('POST /api/cart/sync', () => {
  it('copies a guest cart into an empty server cart, priced from the database', async () => {
    const shopper = await newShopper();
    const answer = syncAnswer(
      await shopper.sync({
        items: [
          { productId: tee, size: 'S', quantity: 2, price: 0.01 },
          { productId: coat, size: 'L', quantity: 1, new_price: 1 },
        ],
      }),
    );
    expect(answer.cart.items.map((i) => [i.productId, i.size, i.quantity, i.price])).toEqual([
      [tee, 'S', 2, 25],
      [coat, 'L', 1, 90],
    ]);
    expect(answer.cart).toMatchObject({ totalItems: 3, subtotal: 140, totalPrice: 140 });
    expect(answer.skipped).toEqual([]);
    expect(answer.adjusted).toEqual([]);
  });

  it('adds guest quantities to the lines already in the server cart, and sums duplicates', async () => {
    const shopper = await newShopper();
    await shopper.add({ productId: tee, size: 'S', quantity: 1 });
    const answer = syncAnswer(
      await shopper.sync({
        items: [
          { productId: tee, size: 'S', quantity: 1 },
          { productId: tee, size: 's', quantity: 1 },
          { productId: tee, size: 'M', quantity: 1 },
        ],
      }),
    );
    expect(answer.cart.items.map((i) => [i.size, i.quantity])).toEqual([
      ['S', 3],
      ['M', 1],
    ]);
  });

  it('caps quantities at the stock and reports what it adjusted', async () => {
    const shopper = await newShopper();
    await shopper.add({ productId: tee, size: 'M', quantity: 2 });
    const answer = syncAnswer(
      await shopper.sync({
        items: [
          { productId: tee, size: 'M', quantity: 5 },
          { productId: coat, size: 'L', quantity: 9 },
        ],
      }),
    );
    expect(answer.cart.items.map((i) => [i.productId, i.size, i.quantity])).toEqual([
      [tee, 'M', 3],
      [coat, 'L', 2],
    ]);
    expect(answer.adjusted).toEqual([
      { productId: tee, size: 'M', quantity: 3 },
      { productId: coat, size: 'L', quantity: 2 },
    ]);
  });

  it('skips unknown products, unknown sizes and sold-out sizes, and keeps the rest', async () => {
    const shopper = await newShopper();
    const answer = syncAnswer(
      await shopper.sync({
        items: [
          { productId: UNKNOWN_ID, size: 'M', quantity: 1 },
          { productId: 'legacy-id-42', size: 'M', quantity: 1 },
          { productId: tee, size: 'XXL', quantity: 1 },
          { productId: tee, size: 'L', quantity: 1 },
          { productId: coat, size: 'L', quantity: 1 },
        ],
      }),
    );
    expect(answer.skipped).toEqual([
      { productId: UNKNOWN_ID, size: 'M', reason: 'unknown-product' },
      { productId: 'legacy-id-42', size: 'M', reason: 'unknown-product' },
      { productId: tee, size: 'XXL', reason: 'unknown-size' },
      { productId: tee, size: 'L', reason: 'sold-out' },
    ]);
    expect(answer.cart.items.map((i) => i.productId)).toEqual([coat]);
  });

  it('answers the cart unchanged for an empty guest cart', async () => {
    const shopper = await newShopper();
    await shopper.add({ productId: tee, size: 'S', quantity: 1 });
    const answer = syncAnswer(await shopper.sync({ items: [] }));
    expect(answer.cart.totalItems).toBe(1);
  });

  it('never lowers a line already above the stock', async () => {
    const shopper = await newShopper();
    await shopper.add({ productId: tee, size: 'S', quantity: 5 });
    // Stock fell after the add.
    await setStock(tee, 'S', 2);
    const answer = syncAnswer(await shopper.sync({ items: [{ productId: tee, size: 'S', quantity: 1 }] }));
    expect(answer.cart.items[0]?.quantity).toBe(5);
    expect(answer.adjusted).toEqual([{ productId: tee, size: 'S', quantity: 5 }]);
    await setStock(tee, 'S', 5);
  });

  it('validates every item, and changes nothing when one is invalid', async () => {
    const shopper = await newShopper();
    const response = await shopper.sync({
      items: [
        { productId: tee, size: 'S', quantity: 1 },
        { productId: tee, quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ param: 'items.1.size', msg: M.sizeRequired });
    const zero = await shopper.sync({ items: [{ productId: tee, size: 'S', quantity: 0 }] });
    expect(zero.json().errors).toContainEqual({ param: 'items.0.quantity', msg: M.quantityAtLeastOne });
    const cart = await shopper.get();
    expect(cart.json().cart.items).toEqual([]);
  });

  it(`accepts at most ${MAX_CART_SYNC_ITEMS} items`, async () => {
    const shopper = await newShopper();
    const item = { productId: tee, size: 'S', quantity: 1 };
    expect((await shopper.sync({ items: Array.from({ length: MAX_CART_SYNC_ITEMS }, () => item) })).statusCode).toBe(
      200,
    );
    const tooMany = await shopper.sync({ items: Array.from({ length: MAX_CART_SYNC_ITEMS + 1 }, () => item) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(M.syncTooManyItems(MAX_CART_SYNC_ITEMS));
  });

  it.each([{}, { items: 'all' }, { items: null }, []])('refuses a body without an item list: %j', async (body) => {
    const response = await (await newShopper()).sync(body);
    expect(response.statusCode).toBe(400);
  });
});
