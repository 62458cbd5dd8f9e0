import { AFTER_PURCHASE_MESSAGES as A, CHECKOUT_MESSAGES as M, OrderAnswerSchema } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderEvents, orders, refunds, stockMovements, testProviderRefunds } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, mailsTo, type TestAccount } from '../../test/account-factory.ts';
import { stockOf, verifiedShopper } from '../../test/checkout-factory.ts';
import { placeOrder } from '../../test/order-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createWebhookDelivery } from '../../payments/test-provider/webhook-delivery.ts';

let t: TestApp;
let cast: BackOfficeCast;
let ann: TestAccount;
let ben: TestAccount;
let product: string;

beforeAll(async () => {
  t = await createTestApp({}, { payments: { webhookDelivery: createWebhookDelivery({ mode: 'none' }) } });
  cast = await backOfficeCast(t.app, t.database);
  [product] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Cancel Tee', priceCents: 2_500, sizes: [{ size: 'M', stock: 50 }] }),
  ])) as [string];
  ann = await verifiedShopper(t.app, t.database);
  ben = await verifiedShopper(t.app, t.database);
});
afterAll(async () => await t.close());

const cancel = (id: string, account?: TestAccount) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payment/order/${id}/cancel`,
    headers: account ? authHeader(account.accessToken) : {},
  });

describe('POST /api/payment/order/:id/cancel', () => {
  it('cancels a Processing order once: stock back, one refund, one mail, the customer named as who cancelled', async () => {
    const order = await placeOrder(t.app, t.database, ann, { productId: product, size: 'M', quantity: 2 });
    expect(await stockOf(t.database, product, 'M')).toBe(48);

    const answer = await cancel(order.id, ann);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = OrderAnswerSchema.parse(answer.json());
    expect(body.order).toMatchObject({ orderStatus: 'Cancelled', paymentInfo: { status: 'refunded' } });
    expect(answer.json().message).toBe(A.cancelledByYou(body.order.orderNumber));
    expect(body.order.refundedAmount).toBe(body.order.totalAmount);
    expect(await stockOf(t.database, product, 'M')).toBe(50);

    const again = await cancel(order.id, ann);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(A.cancelNotAllowed('Cancelled'));
    expect(await stockOf(t.database, product, 'M')).toBe(50);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toMatchObject([
      { status: 'succeeded', actorId: ann.userId, reason: 'Order cancelled by the customer' },
    ]);
    expect(
      await t.database.db
        .select()
        .from(testProviderRefunds)
        .where(eq(testProviderRefunds.intentId, order.paymentIntentId)),
    ).toHaveLength(1);
    const moves = await t.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order.id), eq(stockMovements.reason, 'cancellation')));
    expect(moves).toMatchObject([{ delta: 2, actorId: ann.userId }]);

    const subjects = (await mailsTo(t.database, ann.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s === `Your SHOPPER order ${body.order.orderNumber} was cancelled`)).toHaveLength(1);

    // The back office and the audit log say who cancelled.
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.cancel')));
    expect(audit).toMatchObject({ actorId: ann.userId, after: { status: 'Cancelled', by: 'customer' } });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}`,
      headers: cast.staff.headers,
    });
    const cancelled = detail.json().order.timeline.find((e: { kind: string }) => e.kind === 'cancelled');
    expect(cancelled).toMatchObject({ actor: { id: ann.userId, email: ann.email }, data: { by: 'customer' } });
    const [event] = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'cancelled')));
    expect(event?.actorId).toBe(ann.userId);
  });

  it.each(['Shipped', 'Delivered'] as const)(
    'refuses a %s order with a clear 409 and changes nothing',
    async (status) => {
      const order = await placeOrder(t.app, t.database, ann, { productId: product, size: 'M', quantity: 1 });
      await t.database.db.update(orders).set({ status }).where(eq(orders.id, order.id));
      const before = await stockOf(t.database, product, 'M');
      const answer = await cancel(order.id, ann);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(A.cancelNotAllowed(status));
      expect(await stockOf(t.database, product, 'M')).toBe(before);
      expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    },
  );

  it("answers 404 for another customer's order, an unknown id or a hostile one, and 401 signed out", async () => {
    const order = await placeOrder(t.app, t.database, ann, { productId: product, size: 'M', quantity: 1 });
    const theirs = await cancel(order.id, ben);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(M.orderNotFound);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1", '%00', 'x'.repeat(200)]) {
      const answer = await cancel(encodeURIComponent(id), ann);
      expect(answer.statusCode, id).toBe(404);
    }
    // Longer than any id: refused before the route, as for every parameter of the API.
    expect((await cancel('x'.repeat(201), ann)).statusCode).toBe(414);
    expect((await cancel(order.id)).statusCode).toBe(401);
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still?.status).toBe('Processing');
  });

  it('two cancels at once: one 200, one 409, one refund', async () => {
    const order = await placeOrder(t.app, t.database, ann, { productId: product, size: 'M', quantity: 3 });
    const before = await stockOf(t.database, product, 'M');
    const answers = await Promise.all([cancel(order.id, ann), cancel(order.id, ann)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t.database, product, 'M')).toBe(before + 3);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
  });
});
