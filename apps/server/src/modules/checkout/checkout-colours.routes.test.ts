import { CHECKOUT_MESSAGES as M, OrderAnswerSchema } from '@shopper/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orderItems, paymentIntents, productSizes, stockMovements } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import {
  confirmOrder,
  createIntent,
  createIntentOk,
  payWithCard,
  putInCart,
  stockOf,
  verifiedShopper,
} from '../../test/checkout-factory.ts';
import { buildProduct, coloursOfProduct } from '../../test/product-factory.ts';
import { assertShopInvariants } from '../../test/shop-invariants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Checkout of a product in several colours (decision 043): each variant's stock, ledger and order line. */

let t: TestApp;
let shirt: string;
let sage: string;
let navy: string;

beforeAll(async () => {
  t = await createTestApp();
  [shirt] = (await insertProducts(t.database.db, [
    buildProduct({
      name: 'Colour Shirt',
      priceCents: 3_000,
      sizes: [],
      colours: [
        {
          name: 'Sage',
          swatch: '#9aab8f',
          images: ['/images/products/shirt-9aab8f-front.svg'],
          sizes: [{ size: 'M', stock: 10 }],
        },
        {
          name: 'Navy',
          swatch: '#1f2f4a',
          images: ['/images/products/shirt-1f2f4a-front.svg'],
          sizes: [{ size: 'M', stock: 10 }],
        },
      ],
    }),
  ])) as [string];
  [sage, navy] = (await coloursOfProduct(t.database.db, shirt)).map((c) => c.id) as [string, string];
});

afterAll(async () => {
  await assertShopInvariants(t.database.db, 'the colour checkouts');
  await t.close();
});

async function pay(accessToken: string) {
  const intent = await createIntentOk(t.app, accessToken);
  await payWithCard(t.app, intent);
  return { intent, response: await confirmOrder(t.app, accessToken, intent.paymentIntentId) };
}

describe('checkout of several colours', () => {
  it('takes each colour’s stock, ledgers each sale on its colour and names the colour on the order', async () => {
    const shopper = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, shopper.userId, shirt, 'M', 2, sage);
    await putInCart(t.database, shopper.userId, shirt, 'M', 3, navy);
    const before = {
      sage: await stockOf(t.database, shirt, 'M', sage),
      navy: await stockOf(t.database, shirt, 'M', navy),
    };

    const { response } = await pay(shopper.accessToken);
    expect(response.statusCode, response.body).toBe(200);
    const { order } = OrderAnswerSchema.parse(response.json());
    expect(order.items.map((i) => [i.colourName, i.colourId, i.size, i.quantity, i.image]).sort()).toEqual([
      ['Navy', navy, 'M', 3, '/images/products/shirt-1f2f4a-front.svg'],
      ['Sage', sage, 'M', 2, '/images/products/shirt-9aab8f-front.svg'],
    ]);
    expect(await stockOf(t.database, shirt, 'M', sage)).toBe(before.sage - 2);
    expect(await stockOf(t.database, shirt, 'M', navy)).toBe(before.navy - 3);
    const sales = await t.database.db
      .select({ colourId: stockMovements.colourId, delta: stockMovements.delta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, order._id));
    expect(sales.toSorted((a, b) => a.delta - b.delta)).toEqual([
      { colourId: navy, delta: -3, reason: 'sale' },
      { colourId: sage, delta: -2, reason: 'sale' },
    ]);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
    const mail = mails.find((m) => m.subject === `Your SHOPPER order ${order.orderNumber}`);
    expect(mail?.text).toContain('2 × Colour Shirt (Sage, size M) — $60.00');
    expect(mail?.text).toContain('3 × Colour Shirt (Navy, size M) — $90.00');
  });

  it('names the colour when it sold out while the customer was paying', async () => {
    const shopper = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, shopper.userId, shirt, 'M', 1, navy);
    const intent = await createIntentOk(t.app, shopper.accessToken);
    await payWithCard(t.app, intent);
    const navyM = and(eq(productSizes.productId, shirt), eq(productSizes.colourId, navy), eq(productSizes.size, 'M'));
    const [row] = await t.database.db.select().from(productSizes).where(navyM);
    await t.database.db.update(productSizes).set({ stock: 0 }).where(navyM);
    const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: M.soldOutWhilePaying('Colour Shirt (Navy)', 'M') });
    expect(await stockOf(t.database, shirt, 'M', sage)).toBeGreaterThan(0);
    expect((await createIntent(t.app, shopper.accessToken)).json()).toMatchObject({
      message: M.notEnoughStock('Colour Shirt (Navy)', 'M', 0),
    });
    await t.database.db.update(productSizes).set({ stock: row!.stock }).where(navyM);
  });

  it('opens a new payment when the cart changes colour, the amount staying the same', async () => {
    const shopper = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, shopper.userId, shirt, 'M', 1, sage);
    const first = await createIntentOk(t.app, shopper.accessToken);
    expect((await createIntentOk(t.app, shopper.accessToken)).paymentIntentId).toBe(first.paymentIntentId);
    // The same line in the other colour: same price, same amount.
    await t.database.db.execute(sql`update cart_items set colour_id = ${navy} where user_id = ${shopper.userId}`);
    const second = await createIntentOk(t.app, shopper.accessToken);
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(second.amount).toBe(first.amount);
  });

  it('writes an intent opened before colours existed on the product’s default colour', async () => {
    const shopper = await verifiedShopper(t.app, t.database);
    await putInCart(t.database, shopper.userId, shirt, 'M', 1, navy);
    const intent = await createIntentOk(t.app, shopper.accessToken);
    const [row] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intent.paymentIntentId));
    const lines = (row!.cartSnapshot as Record<string, unknown>[]).map(
      ({ colourId: _colourId, colourName: _colourName, ...line }) => line,
    );
    expect(lines).toEqual([expect.not.objectContaining({ colourId: expect.anything() })]);
    await t.database.db
      .update(paymentIntents)
      .set({ cartSnapshot: lines })
      .where(eq(paymentIntents.id, intent.paymentIntentId));
    const sageBefore = await stockOf(t.database, shirt, 'M', sage);
    const navyBefore = await stockOf(t.database, shirt, 'M', navy);
    await payWithCard(t.app, intent);
    const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(response.statusCode, response.body).toBe(200);
    const { order } = OrderAnswerSchema.parse(response.json());
    expect(order.items.map((i) => [i.colourId, i.colourName])).toEqual([[sage, '']]);
    expect(await stockOf(t.database, shirt, 'M', sage)).toBe(sageBefore - 1);
    expect(await stockOf(t.database, shirt, 'M', navy)).toBe(navyBefore);
    const [item] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    expect(item).toMatchObject({ colourId: sage, colourName: '' });
  });
});
