import {
  CHECKOUT_MESSAGES as M,
  ORDER_DATE_MAX,
  ORDER_DATE_MIN,
  OrderAnswerSchema,
  OrdersPageAnswerSchema,
} from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, signUp, type TestAccount } from '../../test/account-factory.ts';
import { confirmOrder, createIntentOk, payWithCard, putInCart, verifiedShopper } from '../../test/checkout-factory.ts';
import { placeOrder } from '../../test/order-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createWebhookDelivery } from '../../payments/test-provider/webhook-delivery.ts';

let t: TestApp;
let alice: TestAccount;
let bob: TestAccount;
const placed: { id: string; paymentIntentId: string; number: number }[] = [];
let product: string;

beforeAll(async () => {
  t = await createTestApp({}, { payments: { webhookDelivery: createWebhookDelivery({ mode: 'none' }) } });
  [product] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'History Tee', priceCents: 1_000, sizes: [{ size: 'M', stock: 100 }] }),
  ])) as [string];
  alice = await verifiedShopper(t.app, t.database);
  bob = await verifiedShopper(t.app, t.database);
  // Alice: 7 orders of 1..7 tees, one a day from 2026-03-01.
  for (let n = 1; n <= 7; n += 1) {
    await putInCart(t.database, alice.userId, product, 'M', n);
    const intent = await createIntentOk(t.app, alice.accessToken);
    await payWithCard(t.app, intent);
    const response = await confirmOrder(t.app, alice.accessToken, intent.paymentIntentId);
    const id = response.json<{ order: { _id: string } }>().order._id;
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(`2026-03-0${n}T12:00:00Z`) })
      .where(eq(orders.id, id));
    placed.push({ id, paymentIntentId: intent.paymentIntentId, number: n });
  }
  await t.database.db.update(orders).set({ status: 'Shipped' }).where(eq(orders.id, placed[1]!.id));
  await t.database.db.update(orders).set({ status: 'Delivered' }).where(eq(orders.id, placed[2]!.id));
  await t.database.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, placed[3]!.id));
});

afterAll(async () => {
  await t.close();
});

async function myOrders(account: TestAccount, query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/payment/my-orders${query}`,
    headers: authHeader(account.accessToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return OrdersPageAnswerSchema.parse(response.json());
}

const quantities = (page: Awaited<ReturnType<typeof myOrders>>) => page.orders.map((o) => o.items[0]?.quantity);

describe('GET /api/payment/my-orders', () => {
  it('pages the newest first, 5 by default', async () => {
    const page = await myOrders(alice);
    expect(page).toMatchObject({ total: 7, page: 1, limit: 5, totalPages: 2 });
    expect(quantities(page)).toEqual([7, 6, 5, 4, 3]);
    expect(quantities(await myOrders(alice, '?page=2'))).toEqual([2, 1]);
    expect(quantities(await myOrders(alice, '?limit=10'))).toHaveLength(7);
  });

  it('filters by status and date range (whole days)', async () => {
    expect(quantities(await myOrders(alice, '?status=shipped'))).toEqual([2]);
    expect(quantities(await myOrders(alice, '?status=delivered'))).toEqual([3]);
    expect(quantities(await myOrders(alice, '?status=cancelled'))).toEqual([4]);
    expect(quantities(await myOrders(alice, '?status=processing&limit=10'))).toEqual([7, 6, 5, 1]);
    expect(quantities(await myOrders(alice, '?from=2026-03-02&to=2026-03-04'))).toEqual([4, 3, 2]);
  });

  it('sorts by price and by order number', async () => {
    expect(quantities(await myOrders(alice, '?sort=oldest&limit=10'))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(quantities(await myOrders(alice, '?sort=price-high'))).toEqual([7, 6, 5, 4, 3]);
    expect(quantities(await myOrders(alice, '?sort=price-low'))).toEqual([1, 2, 3, 4, 5]);
    expect(quantities(await myOrders(alice, '?sort=alpha-asc&limit=10'))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(quantities(await myOrders(alice, '?sort=alpha-desc'))).toEqual([7, 6, 5, 4, 3]);
  });

  it('shows a customer only their own orders', async () => {
    expect(await myOrders(bob)).toMatchObject({ total: 0, orders: [], totalPages: 1 });
  });

  it('refuses bad paging, filters and ranges, and strangers', async () => {
    for (const query of [
      '?limit=7',
      '?status=lost',
      '?sort=random',
      '?page=0',
      '?from=2026-03-05&to=2026-03-01',
      '?from=yesterday',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/payment/my-orders${query}`,
        headers: authHeader(alice.accessToken),
      });
      expect(response.statusCode, query).toBe(400);
    }
    const stranger = await t.app.inject({ method: 'GET', url: '/api/payment/my-orders' });
    expect(stranger.statusCode).toBe(401);
  });

  it('answers dates JavaScript or PostgreSQL cannot hold with a 400 naming the field, not a 500', async () => {
    const outOfRange = M.dateOutOfRange(ORDER_DATE_MIN, ORDER_DATE_MAX);
    for (const [query, param, msg] of [
      ['?from=0000-01-01', 'from', outOfRange],
      ['?to=9999-12-31', 'to', outOfRange],
      ['?from=0000-01-01&to=9999-12-31', 'from', outOfRange],
      ['?to=%2B275760-09-13', 'to', M.dateInvalid],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/payment/my-orders${query}`,
        headers: authHeader(alice.accessToken),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        errors: expect.arrayContaining([{ param, msg }]) as unknown,
      });
    }
    const widest = await myOrders(alice, `?from=${ORDER_DATE_MIN}&to=${ORDER_DATE_MAX}`);
    expect(widest.total).toBe(7);
  });
});

describe('GET /api/payment/order/:id and /order-by-payment/:paymentIntentId', () => {
  it('answer the owner', async () => {
    const { id, paymentIntentId } = placed[0]!;
    for (const url of [`/api/payment/order/${id}`, `/api/payment/order-by-payment/${paymentIntentId}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: authHeader(alice.accessToken) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ success: true, order: { _id: id, paymentIntentId } });
    }
  });

  it("answer 404 for another customer's order, an unknown id and a malformed id; 401 for strangers", async () => {
    const { id, paymentIntentId } = placed[0]!;
    for (const url of [
      `/api/payment/order/${id}`,
      `/api/payment/order-by-payment/${paymentIntentId}`,
      '/api/payment/order/00000000-0000-4000-8000-000000000000',
      '/api/payment/order/not-a-uuid',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: authHeader(bob.accessToken) });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: M.orderNotFound });
    }
    const stranger = await t.app.inject({ method: 'GET', url: `/api/payment/order/${id}` });
    expect(stranger.statusCode).toBe(401);
  });
});

describe('confirm-order with a paymentMethodId (decision 015)', () => {
  it("refuses another customer's card with a 404 and writes nothing; the card that paid is accepted", async () => {
    const alicesCard = (await t.database.db.query.testProviderIntents.findFirst({
      where: (row, { eq: is }) => is(row.id, placed[1]!.paymentIntentId),
    }))!.paymentMethodId!;
    await putInCart(t.database, bob.userId, product, 'M', 1);
    const intent = await createIntentOk(t.app, bob.accessToken);
    const paid = await payWithCard(t.app, intent);
    const named = await confirmOrder(t.app, bob.accessToken, intent.paymentIntentId, alicesCard);
    expect(named.statusCode).toBe(404);
    expect(named.json()).toEqual({ success: false, code: 'NOT_FOUND', message: M.paymentMethodNotFound });
    expect(await t.database.db.select().from(orders).where(eq(orders.paymentIntentId, intent.paymentIntentId))).toEqual(
      [],
    );
    const own = await confirmOrder(t.app, bob.accessToken, intent.paymentIntentId, paid.paymentMethod!.id);
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('saved cards /api/payments/payment-methods', () => {
  it('keeps a card the customer paid with, lists it, and forgets it; only for its owner', async () => {
    const intent = await t.database.db.query.testProviderIntents.findFirst({
      where: (row, { eq: is }) => is(row.id, placed[0]!.paymentIntentId),
    });
    const paymentMethodId = intent!.paymentMethodId!;
    const save = (account: TestAccount, id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/payment-methods',
        headers: authHeader(account.accessToken),
        payload: { paymentMethodId: id },
      });

    // Another customer's card, or one that does not exist: the same 404, nothing saved (decision 015).
    const stolen = await save(bob, paymentMethodId);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ success: false, code: 'NOT_FOUND', message: M.paymentMethodNotFound });
    const madeUp = await save(alice, 'pm_made_up');
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.json()).toMatchObject({ code: 'NOT_FOUND', message: M.paymentMethodNotFound });

    const saved = await save(alice, paymentMethodId);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ paymentMethod: { paymentMethodId, brand: 'visa', last4: '4242' } });
    expect((await save(alice, paymentMethodId)).statusCode).toBe(200);
    const list = async (account: TestAccount) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/payments/payment-methods',
          headers: authHeader(account.accessToken),
        })
      ).json<{ paymentMethods: { _id: string }[] }>().paymentMethods;
    const [card] = await list(alice);
    expect(await list(alice)).toHaveLength(1);
    expect(await list(bob)).toEqual([]);

    const remove = (account: TestAccount, id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/payments/payment-methods/${id}`,
        headers: authHeader(account.accessToken),
      });
    expect((await remove(bob, card!._id)).statusCode).toBe(404);
    expect((await remove(alice, 'nope')).statusCode).toBe(404);
    expect((await remove(alice, card!._id)).statusCode).toBe(200);
    expect(await list(alice)).toEqual([]);
    // Forgotten is forgotten: the provider no longer counts it as Alice's, as with Stripe's detach.
    expect((await save(alice, paymentMethodId)).statusCode).toBe(400);
    const unsigned = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/payment-methods' })).statusCode).toBe(401);
    expect(await list(unsigned)).toEqual([]);
  });
});

describe('tracking and refunds on the customer’s order (docs/product.md#order-lifecycle)', () => {
  let cast: BackOfficeCast;
  beforeAll(async () => {
    cast = await backOfficeCast(t.app, t.database);
  });

  const buy = (quantity: number) => placeOrder(t.app, t.database, alice, { productId: product, size: 'M', quantity });
  const staff = async (url: string, payload?: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: cast.staff.headers,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const read = async (account: TestAccount, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/payment/order/${id}`, headers: authHeader(account.accessToken) });
  const orderOf = async (id: string) => {
    const response = await read(alice, id);
    expect(response.statusCode, response.body).toBe(200);
    return { order: OrderAnswerSchema.parse(response.json()).order, body: response.body };
  };

  it('a placed order has no tracking, no dates and nothing refunded', async () => {
    const { order } = await orderOf((await buy(1)).id);
    expect(order).toMatchObject({
      orderStatus: 'Processing',
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      shippedAt: null,
      deliveredAt: null,
      cancelledAt: null,
      refundedAmount: 0,
      refunds: [],
    });
  });

  it('shows the carrier, tracking number, carrier link and dates as the order ships and arrives', async () => {
    const { id } = await buy(1);
    await staff(`/api/admin/orders/${id}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    const shipped = (await orderOf(id)).order;
    expect(shipped).toMatchObject({
      orderStatus: 'Shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      deliveredAt: null,
    });
    expect(Date.parse(shipped.shippedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(shipped.createdAt));

    await staff(`/api/admin/orders/${id}/deliver`);
    const delivered = (await orderOf(id)).order;
    expect(delivered).toMatchObject({
      orderStatus: 'Delivered',
      shippedAt: shipped.shippedAt,
      trackingNumber: '1Z999AA10123456784',
    });
    expect(Date.parse(delivered.deliveredAt ?? '')).toBeGreaterThanOrEqual(Date.parse(shipped.shippedAt ?? ''));

    // The history answers the same fields as the order page.
    const listed = (await myOrders(alice, '?status=delivered&limit=20')).orders.find((o) => o._id === id);
    expect(listed).toMatchObject({
      carrier: 'UPS',
      trackingUrl: delivered.trackingUrl,
      deliveredAt: delivered.deliveredAt,
    });
  });

  it('a carrier it does not know gets the number without a link', async () => {
    const { id } = await buy(1);
    await staff(`/api/admin/orders/${id}/ship`, { carrier: 'Corner Couriers', trackingNumber: 'CC-42' });
    expect((await orderOf(id)).order).toMatchObject({
      carrier: 'Corner Couriers',
      trackingNumber: 'CC-42',
      trackingUrl: null,
    });
  });

  it('a cancelled order shows when, and the whole payment refunded, without the staff’s reason or refs', async () => {
    const { id } = await buy(2);
    await staff(`/api/admin/orders/${id}/cancel`);
    const { order, body } = await orderOf(id);
    expect(order).toMatchObject({
      orderStatus: 'Cancelled',
      refundedAmount: order.totalAmount,
      refunds: [{ amount: order.totalAmount, createdAt: expect.any(String) as unknown }],
      paymentInfo: { status: 'refunded' },
    });
    expect(order.cancelledAt).not.toBeNull();
    for (const internal of [
      'Order cancelled',
      'idempotency',
      'providerRefundId',
      'lastError',
      'timeline',
      cast.staff.email,
    ]) {
      expect(body, internal).not.toContain(internal);
    }
  });

  it('a return refunds part of a delivered order; only refunds that went through are shown, never their reason', async () => {
    const { id } = await buy(3);
    await staff(`/api/admin/orders/${id}/ship`, { carrier: 'DHL', trackingNumber: 'JD0146' });
    await staff(`/api/admin/orders/${id}/deliver`);
    const reason = 'Staff note: third return this month';
    await staff(`/api/admin/orders/${id}/refunds`, { amount: 10, reason, restock: [] });
    // A refund the provider refused (or one still pending) is the back office's business, not money back.
    await t.database.db.insert(refunds).values([
      {
        orderId: id,
        amountCents: 500,
        reason: 'Provider refused',
        status: 'failed',
        idempotencyKey: `failed-${id}`,
        lastError: 'card_closed',
      },
      { orderId: id, amountCents: 300, reason: 'Waiting', status: 'pending', idempotencyKey: `pending-${id}` },
    ]);
    const { order, body } = await orderOf(id);
    expect(order).toMatchObject({
      orderStatus: 'Delivered',
      refundedAmount: 10,
      refunds: [{ amount: 10 }],
      paymentInfo: { status: 'partially_refunded' },
    });
    for (const internal of [reason, 'Provider refused', 'card_closed', 'Waiting'])
      expect(body, internal).not.toContain(internal);
  });

  it('another customer never sees a shipped or refunded order, by id, by payment or in their history', async () => {
    const { id, paymentIntentId } = await buy(1);
    await staff(`/api/admin/orders/${id}/ship`, { carrier: 'USPS', trackingNumber: '9400100000000000000000' });
    expect((await read(bob, id)).statusCode).toBe(404);
    const byPayment = await t.app.inject({
      method: 'GET',
      url: `/api/payment/order-by-payment/${paymentIntentId}`,
      headers: authHeader(bob.accessToken),
    });
    expect(byPayment.statusCode).toBe(404);
    expect(byPayment.body).not.toContain('9400100000000000000000');
    expect((await myOrders(bob, '?limit=20')).orders.map((o) => o._id)).not.toContain(id);
  });
});
