import { ADMIN_MESSAGES, AdminOrderAnswerSchema, OrderAnswerSchema } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productColours, stockMovements } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import type { TestAccount } from '../../test/account-factory.ts';
import {
  confirmOrder,
  createIntentOk,
  payWithCard,
  putInCart,
  stockOf,
  verifiedShopper,
} from '../../test/checkout-factory.ts';
import { buildProduct, coloursOfProduct } from '../../test/product-factory.ts';
import { assertShopInvariants } from '../../test/shop-invariants.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Cancellations and returns put back the colour that was bought (decision 043). */

let t: TestApp;
let cast: BackOfficeCast;
let shopper: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
  shopper = await verifiedShopper(t.app, t.database);
});
afterAll(async () => {
  await assertShopInvariants(t.database.db, 'the colour returns');
  await t.close();
});

const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: cast.staff.headers, ...(payload ? { payload } : {}) });

/** A shirt in Sage and Navy (10 of each in M), and an order of 2 Sage and 1 Navy in M. */
async function orderOfTwoColours() {
  const [shirt] = (await insertProducts(t.database.db, [
    buildProduct({
      name: 'Return Shirt',
      priceCents: 2_000,
      sizes: [],
      colours: [
        { name: 'Sage', swatch: '#9aab8f', images: [], sizes: [{ size: 'M', stock: 10 }] },
        { name: 'Navy', swatch: '#1f2f4a', images: [], sizes: [{ size: 'M', stock: 10 }] },
      ],
    }),
  ])) as [string];
  const [sage, navy] = (await coloursOfProduct(t.database.db, shirt)).map((c) => c.id) as [string, string];
  await putInCart(t.database, shopper.userId, shirt, 'M', 2, sage);
  await putInCart(t.database, shopper.userId, shirt, 'M', 1, navy);
  const intent = await createIntentOk(t.app, shopper.accessToken);
  await payWithCard(t.app, intent);
  const response = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
  expect(response.statusCode, response.body).toBe(200);
  const order = OrderAnswerSchema.parse(response.json()).order;
  const itemOf = (colourId: string) => order.items.find((i) => i.colourId === colourId)!;
  const stock = async () => ({
    sage: await stockOf(t.database, shirt, 'M', sage),
    navy: await stockOf(t.database, shirt, 'M', navy),
  });
  const movements = async (reason: 'cancellation' | 'return') =>
    (
      await t.database.db
        .select({ colourId: stockMovements.colourId, delta: stockMovements.delta })
        .from(stockMovements)
        .where(and(eq(stockMovements.orderId, order._id), eq(stockMovements.reason, reason)))
    ).map((m) => [m.colourId === sage ? 'Sage' : m.colourId === navy ? 'Navy' : m.colourId, m.delta]);
  return { shirt, sage, navy, order, itemOf, stock, movements };
}

async function deliver(orderId: string) {
  expect((await post(`/api/admin/orders/${orderId}/ship`, { carrier: 'UPS', trackingNumber: '1' })).statusCode).toBe(
    200,
  );
  expect((await post(`/api/admin/orders/${orderId}/deliver`)).statusCode).toBe(200);
}

describe('an order of two colours', () => {
  it('shows the back office the colour of each line', async () => {
    const { order, sage, navy } = await orderOfTwoColours();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order._id}`,
      headers: cast.staff.headers,
    });
    const detail = AdminOrderAnswerSchema.parse(response.json()).order;
    expect(detail.items.map((i) => [i.colourName, i.colourId, i.quantity])).toEqual([
      ['Navy', navy, 1],
      ['Sage', sage, 2],
    ]);
  });

  it('puts each colour’s units back on that colour when cancelled', async () => {
    const { order, stock, movements } = await orderOfTwoColours();
    expect(await stock()).toEqual({ sage: 8, navy: 9 });
    const cancelled = await post(`/api/admin/orders/${order._id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stock()).toEqual({ sage: 10, navy: 10 });
    expect((await movements('cancellation')).sort()).toEqual([
      ['Navy', 1],
      ['Sage', 2],
    ]);
  });

  it('restocks a returned line on its own colour, and counts earlier returns per colour', async () => {
    const { order, sage, navy, itemOf, stock, movements } = await orderOfTwoColours();
    await deliver(order._id);
    const back = await post(`/api/admin/orders/${order._id}/refunds`, {
      amount: 20,
      reason: 'Navy did not fit',
      restock: [{ itemId: itemOf(navy)._id, quantity: 1 }],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await stock()).toEqual({ sage: 8, navy: 10 });
    expect(await movements('return')).toEqual([['Navy', 1]]);
    // The Navy line is all back; the Sage line still has both units to return.
    const again = await post(`/api/admin/orders/${order._id}/refunds`, {
      amount: 1,
      reason: 'Again',
      restock: [{ itemId: itemOf(navy)._id, quantity: 1 }],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ADMIN_MESSAGES.restockTooLarge('Return Shirt (Navy)', 'M', 0));
    const sageBack = await post(`/api/admin/orders/${order._id}/refunds`, {
      amount: 40,
      reason: 'Sage too',
      restock: [{ itemId: itemOf(sage)._id, quantity: 2 }],
    });
    expect(sageBack.statusCode, sageBack.body).toBe(200);
    expect(await stock()).toEqual({ sage: 10, navy: 10 });
  });

  it('refunds a line whose colour was removed since without restocking it, keeping its name', async () => {
    const { order, sage, navy, itemOf, stock } = await orderOfTwoColours();
    await deliver(order._id);
    await t.database.db.delete(productColours).where(eq(productColours.id, navy));
    const refund = await post(`/api/admin/orders/${order._id}/refunds`, {
      amount: 20,
      reason: 'Colour withdrawn',
      restock: [{ itemId: itemOf(navy)._id, quantity: 1 }],
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const detail = AdminOrderAnswerSchema.parse(refund.json()).order;
    expect(detail.items.find((i) => i.colourName === 'Navy')).toMatchObject({ colourId: null, quantity: 1 });
    expect((await stock()).sage).toBe(8);
    expect(await coloursOfProduct(t.database.db, order.items[0]!.productId!)).toEqual([
      expect.objectContaining({ id: sage }),
    ]);
  });
});
