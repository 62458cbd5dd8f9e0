import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnRequests } from '../../db/after-purchase-schema.ts';
import { auditLog, orderItems, refunds } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, type TestAccount } from '../../test/account-factory.ts';
import { verifiedShopper } from '../../test/checkout-factory.ts';
import { placeOrder } from '../../test/order-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { assertShopInvariants } from '../../test/shop-invariants.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createWebhookDelivery } from '../../payments/test-provider/webhook-delivery.ts';
import { createAuditService } from '../audit/index.ts';
import { createReturnRefundSweep, RETURN_REFUND_STUCK_AFTER_MS } from './return-refund-sweep.ts';

let t: TestApp;
let cast: BackOfficeCast;
let cara: TestAccount;
let product: string;

beforeAll(async () => {
  t = await createTestApp({}, { payments: { webhookDelivery: createWebhookDelivery({ mode: 'none' }) } });
  cast = await backOfficeCast(t.app, t.database);
  [product] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Swept Tee', priceCents: 2_000, sizes: [{ size: 'L', stock: 100 }] }),
  ])) as [string];
  cara = await verifiedShopper(t.app, t.database);
});
afterAll(async () => await t.close());

const staff = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin${url}`, headers: cast.staff.headers, payload });

/** A delivered order of two tees and a received return of one. */
async function receivedReturn() {
  const order = await placeOrder(t.app, t.database, cara, { productId: product, size: 'L', quantity: 2 });
  await staff(`/orders/${order.id}/ship`, { carrier: 'UPS', trackingNumber: '1Z2' });
  await staff(`/orders/${order.id}/deliver`);
  const [item] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/payment/order/${order.id}/returns`,
    headers: authHeader(cara.accessToken),
    payload: { items: [{ itemId: item!.id, quantity: 1 }], reason: 'Too long' },
  });
  const returned = asked.json().return as { id: string; returnNumber: string };
  await staff(`/returns/${returned.id}/approve`, {});
  expect((await staff(`/returns/${returned.id}/receive`)).statusCode).toBe(200);
  return { order, returned };
}

/** What a process that died mid-refund leaves: the return 'refunding' since `since`. */
async function leaveRefunding(id: string, since: Date) {
  await t.database.db
    .update(returnRequests)
    .set({ status: 'refunding', updatedAt: since, refundId: null })
    .where(eq(returnRequests.id, id));
}

const later = () => new Date(Date.now() + RETURN_REFUND_STUCK_AFTER_MS + 60_000);
const sweepAt = (clock: () => Date) =>
  createReturnRefundSweep({
    db: t.database.db,
    audit: createAuditService({ db: t.database.db, clock }),
    clock,
    log: { error: () => undefined, warn: () => undefined },
  });
const statusOf = async (id: string) =>
  (await t.database.db.select().from(returnRequests).where(eq(returnRequests.id, id)))[0];
const sweptAudits = async (id: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).filter(
    (row) => (row.after as { by?: string } | null)?.by === 'sweep',
  );

describe('the sweep of returns left refunding', () => {
  it('a crash before any refund: the return goes back to received, once, and staff refund it again', async () => {
    const { returned } = await receivedReturn();
    await leaveRefunding(returned.id, new Date());

    // Not stuck yet: a refund may still be running in a request.
    expect(await sweepAt(() => new Date()).sweep()).toEqual({ finished: 0, reopened: 0 });
    const [a, b] = await Promise.all([sweepAt(later).sweep(), sweepAt(later).sweep()]);
    expect((a?.reopened ?? 0) + (b?.reopened ?? 0)).toBe(1);
    expect(await statusOf(returned.id)).toMatchObject({ status: 'received', refundId: null });
    expect(await sweptAudits(returned.id)).toHaveLength(1);

    const refunded = await staff(`/returns/${returned.id}/refund`, { restock: false });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await statusOf(returned.id)).toMatchObject({ status: 'refunded' });
    await assertShopInvariants(t.database.db, 'a return reopened by the sweep, then refunded');
  });

  it('a crash after the refund was written: the return is finished as refunded with that refund, no second refund', async () => {
    const { order, returned } = await receivedReturn();
    expect((await staff(`/returns/${returned.id}/refund`, { restock: false })).statusCode).toBe(200);
    const [refund] = await t.database.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.reason, `Return ${returned.returnNumber}`)));
    await leaveRefunding(returned.id, new Date(refund!.createdAt.getTime() - 1000));

    const [a, b] = await Promise.all([sweepAt(later).sweep(), sweepAt(later).sweep()]);
    expect((a?.finished ?? 0) + (b?.finished ?? 0)).toBe(1);
    expect(await statusOf(returned.id)).toMatchObject({ status: 'refunded', refundId: refund!.id });
    expect(await sweptAudits(returned.id)).toHaveLength(1);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    expect(count?.n).toBe(1);
    expect(await sweepAt(later).sweep()).toEqual({ finished: 0, reopened: 0 });
  });
});
