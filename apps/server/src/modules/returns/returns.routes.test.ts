import {
  AFTER_PURCHASE_MESSAGES as A,
  CHECKOUT_MESSAGES as M,
  OrderReturnsAnswerSchema,
  ReturnAnswerSchema,
} from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnRequests } from '../../db/after-purchase-schema.ts';
import { orderEvents, orderItems } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, mailsTo, type TestAccount } from '../../test/account-factory.ts';
import { verifiedShopper } from '../../test/checkout-factory.ts';
import { placeOrder } from '../../test/order-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { createWebhookDelivery } from '../../payments/test-provider/webhook-delivery.ts';

const DAY = 86_400_000;
const clock = createTestClock();
let t: TestApp;
let cast: BackOfficeCast;
let ann: TestAccount;
let ben: TestAccount;
let product: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock, payments: { webhookDelivery: createWebhookDelivery({ mode: 'none' }) } });
  cast = await backOfficeCast(t.app, t.database);
  [product] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Return Tee', priceCents: 3_000, sizes: [{ size: 'M', stock: 500 }] }),
  ])) as [string];
  ann = await verifiedShopper(t.app, t.database);
  ben = await verifiedShopper(t.app, t.database);
});
afterAll(async () => await t.close());

const staffPost = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders${url}`, headers: cast.staff.headers, payload });

/** An order of `quantity` tees, shipped and delivered by staff, so it has its delivery date. */
async function deliveredOrder(quantity = 3) {
  const order = await placeOrder(t.app, t.database, ann, { productId: product, size: 'M', quantity });
  expect((await staffPost(`/${order.id}/ship`, { carrier: 'UPS', trackingNumber: '1Z1' })).statusCode).toBe(200);
  expect((await staffPost(`/${order.id}/deliver`)).statusCode).toBe(200);
  const [item] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { ...order, itemId: item!.id };
}

const ask = (orderId: string, payload: unknown, account: TestAccount | null = ann) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payment/order/${orderId}/returns`,
    headers: account ? authHeader(account.accessToken) : {},
    payload: payload as object,
  });
const returnsOf = (orderId: string, account: TestAccount | null = ann) =>
  t.app.inject({
    method: 'GET',
    url: `/api/payment/order/${orderId}/returns`,
    headers: account ? authHeader(account.accessToken) : {},
  });

describe('customer returns', () => {
  it('asks for a return within the window: a return number, one mail with instructions, and what is left', async () => {
    const order = await deliveredOrder(3);
    const answer = await ask(order.id, { items: [{ itemId: order.itemId, quantity: 2 }], reason: '  Too big  ' });
    expect(answer.statusCode, answer.body).toBe(200);
    const created = ReturnAnswerSchema.parse(answer.json()).return;
    expect(created).toMatchObject({ status: 'requested', reason: 'Too big', items: [{ quantity: 2, size: 'M' }] });
    expect(created.returnNumber).toMatch(/^RT-\d+$/);
    expect(answer.json().message).toBe(A.returnRequested(created.returnNumber));
    const mails = (await mailsTo(t.database, ann.email)).filter((m) => m.subject.includes(created.returnNumber));
    expect(mails.map((m) => m.subject)).toEqual([`Your SHOPPER return ${created.returnNumber} is requested`]);
    expect(mails[0]!.text).toContain('What happens next');

    const listed = OrderReturnsAnswerSchema.parse((await returnsOf(order.id)).json());
    expect(listed.windowDays).toBe(30);
    expect(listed.returnable).toEqual([{ itemId: order.itemId, quantity: 1 }]);
    expect(listed.returns.map((r) => r.returnNumber)).toEqual([created.returnNumber]);
  });

  it('refuses more than was bought, counting earlier returns and a line named twice, with the line named', async () => {
    const order = await deliveredOrder(2);
    const twice = await ask(order.id, {
      items: [
        { itemId: order.itemId, quantity: 1 },
        { itemId: order.itemId, quantity: 2 },
      ],
      reason: 'Changed my mind',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(A.returnTooMany('Return Tee (M)', 2));
    expect(twice.json().errors).toEqual([{ param: 'items.1.quantity', msg: A.returnTooMany('Return Tee (M)', 2) }]);
    expect((await ask(order.id, { items: [{ itemId: order.itemId, quantity: 2 }], reason: 'x' })).statusCode).toBe(200);
    const again = await ask(order.id, { items: [{ itemId: order.itemId, quantity: 1 }], reason: 'x' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(A.returnTooMany('Return Tee (M)', 0));
  });

  it('two requests at once for the last item: one is accepted', async () => {
    const order = await deliveredOrder(1);
    const body = { items: [{ itemId: order.itemId, quantity: 1 }], reason: 'Too small' };
    const answers = await Promise.all([ask(order.id, body), ask(order.id, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await t.database.db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id))).toHaveLength(
      1,
    );
  });

  it('refuses an order not delivered yet, and one whose window is over', async () => {
    const open = await placeOrder(t.app, t.database, ann, { productId: product, size: 'M', quantity: 1 });
    const early = await ask(open.id, { items: [{ itemId: open.id, quantity: 1 }], reason: 'x' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(A.returnNeedsDelivered);

    const order = await deliveredOrder(1);
    // Delivered 30 days and a minute ago: the window has just closed.
    await t.database.db
      .update(orderEvents)
      .set({ createdAt: new Date(clock().getTime() - 30 * DAY - 60_000) })
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'delivered')));
    const late = await ask(order.id, { items: [{ itemId: order.itemId, quantity: 1 }], reason: 'x' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(A.returnWindowClosed(30));
    const listed = OrderReturnsAnswerSchema.parse((await returnsOf(order.id)).json());
    expect(listed.returnable).toEqual([{ itemId: order.itemId, quantity: 0 }]);
  });

  it.each([
    [{}, A.returnNoItems],
    [{ items: [], reason: 'x' }, A.returnNoItems],
    [{ items: 'all', reason: 'x' }, A.returnNoItems],
    [{ items: [{ itemId: 'nope', quantity: 1 }], reason: 'x' }, A.returnItemUnknown],
    [
      { items: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 0 }], reason: 'x' },
      A.returnQuantityInvalid,
    ],
    [
      { items: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1.5 }], reason: 'x' },
      A.returnQuantityInvalid,
    ],
    [
      { items: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }], reason: '   ' },
      A.returnReasonRequired,
    ],
    [
      { items: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }], reason: 'x'.repeat(501) },
      A.returnReasonRequired,
    ],
    [
      { items: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }], reason: 'a\u0000b' },
      A.returnReasonRequired,
    ],
  ])('refuses the body %j with a 400 naming the field', async (payload, message) => {
    const order = await deliveredOrder(1);
    const answer = await ask(order.id, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.map((e: { msg: string }) => e.msg)).toContain(message);
  });

  it('an item of another order is unknown here', async () => {
    const order = await deliveredOrder(1);
    const other = await deliveredOrder(1);
    const answer = await ask(order.id, { items: [{ itemId: other.itemId, quantity: 1 }], reason: 'x' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual([{ param: 'items.0.itemId', msg: A.returnItemUnknown }]);
  });

  it("answers 404 for another customer's order or a hostile id, and 401 signed out", async () => {
    const order = await deliveredOrder(1);
    const body = { items: [{ itemId: order.itemId, quantity: 1 }], reason: 'x' };
    for (const response of [await ask(order.id, body, ben), await returnsOf(order.id, ben)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(M.orderNotFound);
    }
    for (const id of ["1'; drop table orders;--", '../../admin', '00000000-0000-4000-8000-000000000000']) {
      expect((await returnsOf(encodeURIComponent(id))).statusCode).toBe(404);
      expect((await ask(encodeURIComponent(id), body)).statusCode).toBe(404);
    }
    expect((await ask(order.id, body, null)).statusCode).toBe(401);
    expect((await returnsOf(order.id, null)).statusCode).toBe(401);
    expect(await t.database.db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id))).toEqual([]);
  });
});
