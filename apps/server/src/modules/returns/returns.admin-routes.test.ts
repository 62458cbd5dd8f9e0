import {
  AdminReturnAnswerSchema,
  AdminReturnsPageSchema,
  AFTER_PURCHASE_MESSAGES as A,
  ADMIN_MESSAGES,
} from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, orders, refunds } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, mailsTo, type TestAccount } from '../../test/account-factory.ts';
import { stockOf, verifiedShopper } from '../../test/checkout-factory.ts';
import { placeOrder } from '../../test/order-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { assertShopInvariants } from '../../test/shop-invariants.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createWebhookDelivery } from '../../payments/test-provider/webhook-delivery.ts';

let t: TestApp;
let cast: BackOfficeCast;
let cara: TestAccount;
let product: string;

beforeAll(async () => {
  t = await createTestApp({}, { payments: { webhookDelivery: createWebhookDelivery({ mode: 'none' }) } });
  cast = await backOfficeCast(t.app, t.database);
  [product] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Staff Return Tee', priceCents: 2_000, sizes: [{ size: 'L', stock: 100 }] }),
  ])) as [string];
  cara = await verifiedShopper(t.app, t.database);
});
afterAll(async () => await t.close());

const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: cast.staff.headers, payload });

/** A delivered order of `quantity` tees and a return of `back` of them, as the customer asks it. */
async function requestedReturn(quantity: number, back: number) {
  const order = await placeOrder(t.app, t.database, cara, { productId: product, size: 'L', quantity });
  await staff('POST', `/orders/${order.id}/ship`, { carrier: 'UPS', trackingNumber: '1Z2' });
  await staff('POST', `/orders/${order.id}/deliver`);
  const [item] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/payment/order/${order.id}/returns`,
    headers: authHeader(cara.accessToken),
    payload: { items: [{ itemId: item!.id, quantity: back }], reason: 'Does not fit' },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  return { order, returned: asked.json().return as { id: string; returnNumber: string } };
}

/** Oldest first: the order the customer got them in. */
const subjectsAbout = async (returnNumber: string, orderNumber: string) =>
  (await mailsTo(t.database, cara.email))
    .reverse()
    .filter((m) => m.subject.includes(returnNumber) || m.subject === `A refund on your SHOPPER order ${orderNumber}`)
    .map((m) => m.subject);

describe('returns in the back office', () => {
  it('approve, receive, refund with restock: one refund within bounds, stock back, a mail at each step in order', async () => {
    const { order, returned } = await requestedReturn(3, 2);
    const listed = AdminReturnsPageSchema.parse((await staff('GET', '/returns?status=requested')).json());
    expect(listed.items.map((r) => r.id)).toContain(returned.id);

    const approved = await staff('POST', `/returns/${returned.id}/approve`, { message: 'Use the prepaid label.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(A.returnApproved(returned.returnNumber));
    expect(AdminReturnAnswerSchema.parse(approved.json()).return).toMatchObject({
      status: 'approved',
      staffMessage: 'Use the prepaid label.',
      customer: { email: cara.email },
    });
    const twice = await staff('POST', `/returns/${returned.id}/approve`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(A.returnStatusChangeNotAllowed('approved', 'approved'));
    // The parcel must arrive before the money goes back.
    expect((await staff('POST', `/returns/${returned.id}/refund`, { restock: true })).statusCode).toBe(409);

    expect((await staff('POST', `/returns/${returned.id}/receive`)).statusCode).toBe(200);
    const before = await stockOf(t.database, product, 'L');
    const answers = await Promise.all([
      staff('POST', `/returns/${returned.id}/refund`, { restock: true }),
      staff('POST', `/returns/${returned.id}/refund`, { restock: true }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const done = AdminReturnAnswerSchema.parse(answers.find((a) => a.statusCode === 200)!.json()).return;
    expect(done.status).toBe('refunded');
    expect(done.refundedAmount).toBe(done.suggestedAmount);
    expect(await stockOf(t.database, product, 'L')).toBe(before + 2);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.refundedCents).toBeLessThanOrEqual(row!.totalCents);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toMatchObject([
      { status: 'succeeded', reason: `Return ${returned.returnNumber}` },
    ]);
    expect(await subjectsAbout(returned.returnNumber, row!.orderNumber)).toEqual([
      `Your SHOPPER return ${returned.returnNumber} is requested`,
      `Your SHOPPER return ${returned.returnNumber} is approved`,
      `We received your SHOPPER return ${returned.returnNumber}`,
      `A refund on your SHOPPER order ${row!.orderNumber}`,
    ]);
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'return'), eq(auditLog.entityId, returned.id)));
    expect(audits.map((a) => a.action)).toEqual([
      'return.approved',
      'return.received',
      'return.refunding',
      'return.refunded',
    ]);
    await assertShopInvariants(t.database.db, 'a refunded return');
  });

  it('refunds without restock: the money only', async () => {
    const { returned } = await requestedReturn(1, 1);
    await staff('POST', `/returns/${returned.id}/approve`, {});
    await staff('POST', `/returns/${returned.id}/receive`);
    const before = await stockOf(t.database, product, 'L');
    const answer = await staff('POST', `/returns/${returned.id}/refund`, { restock: false, amount: 5 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(A.returnRefunded(returned.returnNumber, '$5.00'));
    expect(await stockOf(t.database, product, 'L')).toBe(before);
  });

  it('an amount beyond what is left is refused by the refund code, and the return stays received', async () => {
    const { returned } = await requestedReturn(1, 1);
    await staff('POST', `/returns/${returned.id}/approve`, {});
    await staff('POST', `/returns/${returned.id}/receive`);
    const answer = await staff('POST', `/returns/${returned.id}/refund`, { restock: true, amount: 999_999 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toMatch(/^At most/);
    const detail = AdminReturnAnswerSchema.parse((await staff('GET', `/returns/${returned.id}`)).json()).return;
    expect(detail.status).toBe('received');
    await assertShopInvariants(t.database.db, 'a refused refund of a return');
  });

  it('refuses with a message the customer is mailed; the items can be asked back again', async () => {
    const { order, returned } = await requestedReturn(1, 1);
    const empty = await staff('POST', `/returns/${returned.id}/refuse`, { message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ param: 'message', msg: A.returnMessageRequired }]);
    const refused = await staff('POST', `/returns/${returned.id}/refuse`, { message: 'Worn and washed.' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().return).toMatchObject({ status: 'refused', staffMessage: 'Worn and washed.' });
    const mail = (await mailsTo(t.database, cara.email)).find((m) =>
      m.subject.includes(`${returned.returnNumber} was refused`),
    );
    expect(mail?.text).toContain('Why: Worn and washed.');
    expect((await staff('POST', `/returns/${returned.id}/receive`)).statusCode).toBe(409);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/payment/order/${order.id}/returns`,
      headers: authHeader(cara.accessToken),
    });
    expect(mine.json().returnable[0].quantity).toBe(1);
  });

  it.each([
    ['/returns?status=lost', 400],
    ['/returns?pageSize=1000', 400],
    ['/returns/nope', 400],
    ['/returns/00000000-0000-4000-8000-000000000000', 404],
  ])('GET %s answers %i', async (url, status) => {
    expect((await staff('GET', url)).statusCode).toBe(status);
  });

  it.each([
    ['approve', { message: 'x'.repeat(1001) }, A.returnMessageTooLong],
    ['approve', { message: 'a\u0000b' }, A.returnMessageTooLong],
    ['refuse', {}, A.returnMessageRequired],
    ['refund', {}, A.returnQuantityInvalid],
    ['refund', { restock: true, amount: 0 }, ADMIN_MESSAGES.refundAmountInvalid],
    ['refund', { restock: true, amount: 1.001 }, ADMIN_MESSAGES.refundAmountInvalid],
  ])('POST %s with %j is a 400 naming the field', async (action, payload, message) => {
    const { returned } = await requestedReturn(1, 1);
    const answer = await staff('POST', `/returns/${returned.id}/${action}`, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.map((e: { msg: string }) => e.msg)).toContain(message);
  });

  it('answers 404 for an unknown return and keeps guests and customers out', async () => {
    for (const action of ['approve', 'refuse', 'receive', 'refund']) {
      const unknown = await staff('POST', `/returns/00000000-0000-4000-8000-000000000000/${action}`, {
        message: 'x',
        restock: false,
      });
      expect(unknown.statusCode, action).toBe(404);
      expect(unknown.json().message).toBe(A.returnNotFound);
      expect(
        await guardAnswers(
          t.app,
          cast,
          { method: 'POST', url: `/api/admin/returns/00000000-0000-4000-8000-000000000000/${action}` },
          'staff',
        ),
      ).toEqual({ guest: 401, customer: 403 });
    }
    expect(await guardAnswers(t.app, cast, { method: 'GET', url: '/api/admin/returns' }, 'staff')).toEqual({
      guest: 401,
      customer: 403,
    });
  });
});
