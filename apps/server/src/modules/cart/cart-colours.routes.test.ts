import { CART_MESSAGES as M, CartAnswerSchema, CartSyncAnswerSchema } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productColours } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { signUp } from '../../test/account-factory.ts';
import { cartClient } from '../../test/cart-client.ts';
import { buildProduct, coloursOfProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The cart of a product in several colours (decision 043): each (colour, size) is its own line. */

let t: TestApp;
let shirt: string;
let other: string;
let sage: string;
let navy: string;
let foreignColour: string;

beforeAll(async () => {
  t = await createTestApp();
  [shirt, other] = (await insertProducts(t.database.db, [
    buildProduct({
      name: 'Two-Colour Shirt',
      priceCents: 4_000,
      sizes: [],
      colours: [
        {
          name: 'Sage',
          swatch: '#9aab8f',
          images: ['/images/products/shirt-9aab8f-front.svg'],
          sizes: [
            { size: 'S', stock: 2 },
            { size: 'M', stock: 3 },
          ],
        },
        {
          name: 'Navy',
          swatch: '#1f2f4a',
          images: ['/images/products/shirt-1f2f4a-front.svg'],
          sizes: [{ size: 'M', stock: 1 }],
        },
      ],
    }),
    buildProduct({ name: 'Other Tee', sizes: [{ size: 'M', stock: 5 }] }),
  ])) as [string, string];
  [sage, navy] = (await coloursOfProduct(t.database.db, shirt)).map((c) => c.id) as [string, string];
  foreignColour = (await coloursOfProduct(t.database.db, other))[0]!.id;
});

afterAll(async () => {
  await t.close();
});

function cartOf(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(200);
  return CartAnswerSchema.parse(response.json()).cart;
}

function expectRefusal(response: { statusCode: number; json: () => unknown }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ success: false, message });
}

async function newShopper() {
  return cartClient(t.app, (await signUp(t.app)).accessToken);
}

describe('a cart with a product in several colours', () => {
  it('puts a line without a colour on the default colour, named, with its swatch and photo', async () => {
    const shopper = await newShopper();
    const cart = cartOf(await shopper.add({ productId: shirt, size: 'M' }));
    expect(cart.items).toEqual([
      expect.objectContaining({
        productId: shirt,
        colourId: sage,
        colourName: 'Sage',
        swatch: '#9aab8f',
        showColour: true,
        image: '/images/products/shirt-9aab8f-front.svg',
        size: 'M',
        quantity: 1,
        maxQuantity: 3,
      }),
    ]);
  });

  it('keeps two colours of one size as two lines', async () => {
    const shopper = await newShopper();
    await shopper.add({ productId: shirt, size: 'M', colourId: sage, quantity: 2 });
    const cart = cartOf(await shopper.add({ productId: shirt, size: 'm', colourId: navy.toUpperCase() }));
    expect(cart.items.map((i) => [i.colourName, i.size, i.quantity, i.image])).toEqual([
      ['Sage', 'M', 2, '/images/products/shirt-9aab8f-front.svg'],
      ['Navy', 'M', 1, '/images/products/shirt-1f2f4a-front.svg'],
    ]);
    expect(cart.totalItems).toBe(3);
    expect(cart.subtotal).toBe(120);
    // Without a colour, update and remove act on the default colour's line only.
    const updated = cartOf(await shopper.update({ productId: shirt, size: 'M', quantity: 3 }));
    expect(updated.items.map((i) => [i.colourName, i.quantity])).toEqual([
      ['Sage', 3],
      ['Navy', 1],
    ]);
    const removed = cartOf(await shopper.remove({ productId: shirt, size: 'M', colourId: navy }));
    expect(removed.items.map((i) => [i.colourName, i.quantity])).toEqual([['Sage', 3]]);
    expectRefusal(await shopper.remove({ productId: shirt, size: 'M', colourId: navy }), 404, M.lineNotFound);
  });

  it('refuses a colour the product does not have with 400 on colourId', async () => {
    const shopper = await newShopper();
    for (const colourId of [foreignColour, '00000000-0000-4000-8000-000000000000', 'not-a-colour']) {
      for (const call of [shopper.add, shopper.update, shopper.remove]) {
        const response = await call({ productId: shirt, size: 'M', colourId, quantity: 1 });
        expectRefusal(response, 400, M.colourNotFound);
        expect(response.json<{ errors: unknown[] }>().errors).toContainEqual({
          param: 'colourId',
          msg: M.colourNotFound,
        });
      }
    }
    expect(cartOf(await shopper.get()).items).toEqual([]);
  });

  it('names the colour when a size runs short in it', async () => {
    const shopper = await newShopper();
    expectRefusal(
      await shopper.add({ productId: shirt, size: 'M', colourId: navy, quantity: 2 }),
      409,
      M.onlyLeftIn(1, 'Navy', 'M'),
    );
    expectRefusal(await shopper.add({ productId: shirt, size: 'S', colourId: navy }), 409, M.soldOutIn('Navy', 'S'));
    await shopper.add({ productId: shirt, size: 'M', colourId: sage, quantity: 2 });
    expectRefusal(
      await shopper.add({ productId: shirt, size: 'M', colourId: sage, quantity: 2 }),
      409,
      M.onlyLeftInWithCart(3, 'Sage', 'M', 2),
    );
    expectRefusal(
      await shopper.update({ productId: shirt, size: 'M', colourId: sage, quantity: 4 }),
      409,
      M.onlyLeftIn(3, 'Sage', 'M'),
    );
  });

  it('drops the lines of a colour once it is hidden, and keeps the others', async () => {
    const [product] = (await insertProducts(t.database.db, [
      buildProduct({
        name: 'Hideable Tee',
        sizes: [],
        colours: [
          { name: 'Red', swatch: '#ff0000', images: [], sizes: [{ size: 'M', stock: 5 }] },
          { name: 'Blue', swatch: '#0000ff', images: [], sizes: [{ size: 'M', stock: 5 }] },
        ],
      }),
    ])) as [string];
    const [red, blue] = (await coloursOfProduct(t.database.db, product)).map((c) => c.id) as [string, string];
    const shopper = await newShopper();
    await shopper.add({ productId: product, size: 'M', colourId: red });
    await shopper.add({ productId: product, size: 'M', colourId: blue });
    await t.database.db.update(productColours).set({ hiddenAt: new Date() }).where(eq(productColours.id, red));
    const cart = cartOf(await shopper.get());
    // One visible colour left: the line no longer needs to name it.
    expect(cart.items.map((i) => [i.colourId, i.colourName, i.showColour])).toEqual([[blue, 'Blue', false]]);
    expectRefusal(await shopper.add({ productId: product, size: 'M', colourId: red }), 400, M.colourNotFound);
    // Without a colour, the default is now Blue, and a one-colour product's texts are the size-only ones.
    expectRefusal(
      await shopper.add({ productId: product, size: 'M', quantity: 5 }),
      409,
      M.onlyLeftWithCart(5, 'M', 1),
    );
  });
});

describe('POST /api/cart/sync with colours', () => {
  it('merges a line without a colour into the default colour’s, and skips an unknown colour', async () => {
    const shopper = await newShopper();
    const response = await shopper.sync({
      items: [
        { productId: shirt, size: 'S', quantity: 1 },
        { productId: shirt, size: 'S', colourId: sage, quantity: 1 },
        { productId: shirt, size: 'M', colourId: navy, quantity: 5 },
        { productId: shirt, size: 'S', colourId: navy, quantity: 1 },
        { productId: shirt, size: 'M', colourId: foreignColour, quantity: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = CartSyncAnswerSchema.parse(response.json());
    expect(answer.cart.items.map((i) => [i.colourName, i.size, i.quantity])).toEqual([
      ['Sage', 'S', 2],
      ['Navy', 'M', 1],
    ]);
    expect(answer.skipped).toEqual([
      { productId: shirt, size: 'S', colourId: navy, reason: 'sold-out' },
      { productId: shirt, size: 'M', colourId: foreignColour, reason: 'unknown-colour' },
    ]);
    expect(answer.adjusted).toEqual([{ productId: shirt, size: 'M', colourId: navy, quantity: 1 }]);
  });
});
