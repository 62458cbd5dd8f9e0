import { AFTER_PURCHASE_MESSAGES as A, CART_MESSAGES, SavedItemsAnswerSchema } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedItems } from '../../db/after-purchase-schema.ts';
import { cartItems } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, type TestAccount } from '../../test/account-factory.ts';
import { verifiedShopper } from '../../test/checkout-factory.ts';
import { buildProduct, firstColourId } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let dee: TestAccount;
let eve: TestAccount;
let product: string;
let colour: string;

beforeAll(async () => {
  t = await createTestApp();
  [product] = (await insertProducts(t.database.db, [
    buildProduct({
      name: 'Saved Coat',
      priceCents: 9_000,
      sizes: [
        { size: 'S', stock: 0 },
        { size: 'M', stock: 4 },
      ],
    }),
  ])) as [string];
  colour = await firstColourId(t.database.db, product);
  dee = await verifiedShopper(t.app, t.database);
  eve = await verifiedShopper(t.app, t.database);
});
afterAll(async () => await t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, account: TestAccount | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/saved-items${url}`,
    headers: account ? authHeader(account.accessToken) : {},
    ...(payload ? { payload } : {}),
  });

describe('/api/saved-items', () => {
  it('saves a colour and size once, lists it with price and stock, removes it', async () => {
    const saved = await call('POST', '/', dee, { productId: product, colourId: colour, size: 'M' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(A.savedAdded);
    expect((await call('POST', '/', dee, { productId: product, colourId: colour, size: 'M' })).statusCode).toBe(200);
    const noSize = await call('POST', '/', dee, { productId: product, colourId: colour });
    const items = SavedItemsAnswerSchema.parse(noSize.json()).items;
    expect(items).toMatchObject([
      { productId: product, colourId: colour, size: 'M', price: 90, stock: 4, name: 'Saved Coat' },
      { size: null, stock: 4 },
    ]);
    expect(SavedItemsAnswerSchema.parse((await call('GET', '/', eve)).json()).items).toEqual([]);

    // Someone else's saved item answers 404.
    expect((await call('DELETE', `/${items[0]!.id}`, eve)).statusCode).toBe(404);
    const removed = await call('DELETE', `/${items[1]!.id}`, dee);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items).toHaveLength(1);
  });

  it('moves one to the cart and off the list; without a size, or sold out, it stays', async () => {
    const [m] = SavedItemsAnswerSchema.parse(
      (await call('POST', '/', eve, { productId: product, colourId: colour, size: 'M' })).json(),
    ).items;
    const moved = await call('POST', `/${m!.id}/move-to-cart`, eve);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ message: A.movedToCart, items: [] });
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, eve.userId))).toMatchObject([
      { productId: product, size: 'M', quantity: 1 },
    ]);

    const [bare] = SavedItemsAnswerSchema.parse(
      (await call('POST', '/', eve, { productId: product, colourId: colour })).json(),
    ).items;
    const noSize = await call('POST', `/${bare!.id}/move-to-cart`, eve);
    expect(noSize.statusCode).toBe(409);
    expect(noSize.json().message).toBe(A.chooseSizeFirst);

    const soldOut = SavedItemsAnswerSchema.parse(
      (await call('POST', '/', eve, { productId: product, colourId: colour, size: 'S' })).json(),
    ).items.find((i) => i.size === 'S')!;
    expect(soldOut.stock).toBe(0);
    const refused = await call('POST', `/${soldOut.id}/move-to-cart`, eve);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await t.database.db.select().from(savedItems).where(eq(savedItems.id, soldOut.id))).toHaveLength(1);
  });

  it.each([
    [{}, 400, CART_MESSAGES.productRequired],
    [{ productId: product }, 400, A.savedColourUnknown],
    [{ productId: 'x'.repeat(101), colourId: 'c' }, 400, CART_MESSAGES.productRequired],
    [{ productId: '00000000-0000-4000-8000-000000000000', colourId: 'c' }, 404, CART_MESSAGES.productNotFound],
    [{ productId: "1' or 1=1--", colourId: 'c' }, 404, CART_MESSAGES.productNotFound],
    [{ productId: 'p', colourId: 'c', size: 'a\u0000' }, 400, A.savedSizeUnknown],
  ])('refuses %j with %i', async (payload, status, message) => {
    const answer = await call('POST', '/', dee, payload);
    expect(answer.statusCode).toBe(status);
    expect(answer.json().errors?.map((e: { msg: string }) => e.msg) ?? [answer.json().message]).toContain(message);
  });

  it('refuses a colour of another product and a size the colour does not come in', async () => {
    const wrongColour = await call('POST', '/', dee, {
      productId: product,
      colourId: '00000000-0000-4000-8000-000000000000',
    });
    expect(wrongColour.statusCode).toBe(404);
    expect(wrongColour.json().errors).toEqual([{ param: 'colourId', msg: A.savedColourUnknown }]);
    const wrongSize = await call('POST', '/', dee, { productId: product, colourId: colour, size: 'XXL' });
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().errors).toEqual([{ param: 'size', msg: A.savedSizeUnknown }]);
  });

  it('answers 401 signed out and 404 for unknown or hostile ids', async () => {
    expect((await call('GET', '/', null)).statusCode).toBe(401);
    expect((await call('POST', '/', null, { productId: product, colourId: colour })).statusCode).toBe(401);
    expect((await call('DELETE', '/00000000-0000-4000-8000-000000000000', null)).statusCode).toBe(401);
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'nope',
      encodeURIComponent("'; drop table saved_items;--"),
    ]) {
      expect((await call('DELETE', `/${id}`, dee)).statusCode).toBe(404);
      expect((await call('POST', `/${id}/move-to-cart`, dee)).statusCode).toBe(404);
    }
  });
});
