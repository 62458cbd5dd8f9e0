import {
  ADMIN_MESSAGES,
  AdminOrderAnswerSchema,
  AdminOrdersPageSchema,
  CHECKOUT_MESSAGES,
  ORDER_DATE_MAX,
  ORDER_DATE_MIN,
} from '@shopper/contract';
import { and, count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  orders,
  paymentIntents,
  productSizes,
  refunds,
  stockMovements,
  testProviderRefunds,
  users,
} from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { mailsTo, type TestAccount } from '../../test/account-factory.ts';
import { stockOf, verifiedShopper } from '../../test/checkout-factory.ts';
import { placeOrder } from '../../test/order-factory.ts';
import { buildProduct, coloursOfProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;
let shopper: TestAccount;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
  shopper = await verifiedShopper(t.app, t.database);
  [productId] = (await insertProducts(t.database.db, [
    buildProduct({ priceCents: 2_000, sizes: [{ size: 'M', stock: 20 }] }),
  ])) as [string];
});
afterAll(async () => await t.close());

const post = (url: string, payload?: object, headers = cast.staff.headers) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const buy = (quantity = 2) => placeOrder(t.app, t.database, shopper, { productId, size: 'M', quantity });
const ledgerSum = async () =>
  Number(
    (
      await t.database.db
        .select({ total: sum(stockMovements.delta) })
        .from(stockMovements)
        .where(and(eq(stockMovements.productId, productId), eq(stockMovements.size, 'M')))
    )[0]?.total ?? 0,
  );
const refundsAtProvider = async (intentId: string) =>
  t.database.db.select().from(testProviderRefunds).where(eq(testProviderRefunds.intentId, intentId));

describe('/api/admin/orders guard', () => {
  it.each([
    ['GET', '/api/admin/orders'],
    ['GET', '/api/admin/orders/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/admin/orders/00000000-0000-4000-8000-000000000000/ship'],
    ['POST', '/api/admin/orders/00000000-0000-4000-8000-000000000000/deliver'],
    ['POST', '/api/admin/orders/00000000-0000-4000-8000-000000000000/cancel'],
    ['POST', '/api/admin/orders/00000000-0000-4000-8000-000000000000/refunds'],
  ] as const)('%s %s: guest 401, customer 403', async (method, url) => {
    expect(await guardAnswers(t.app, cast, { method, url }, 'staff')).toEqual({ guest: 401, customer: 403 });
  });
});

describe('ship and deliver', () => {
  it('ships with carrier and tracking, then delivers; timeline, audit and mails follow', async () => {
    const order = await buy();
    const shipped = await post(`/api/admin/orders/${order.id}/ship`, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const body = shipped.json();
    expect(body.order).toMatchObject({ orderStatus: 'Shipped', customer: { id: shopper.userId } });
    expect(body.message).toBe(ADMIN_MESSAGES.orderShipped(body.order.orderNumber));
    const delivered = await post(`/api/admin/orders/${order.id}/deliver`);
    expect(delivered.json().order.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'placed',
      'shipped',
      'delivered',
    ]);
    expect(delivered.json().order.timeline[1].data).toEqual({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    const subjects = (await mailsTo(t.database, shopper.email)).map((m) => m.subject);
    expect(subjects).toContain(`Your SHOPPER order ${body.order.orderNumber} has shipped`);
    expect(subjects).toContain(`Your SHOPPER order ${body.order.orderNumber} was delivered`);
    const shipMail = (await mailsTo(t.database, shopper.email)).find((m) => m.subject.endsWith('has shipped'));
    expect(shipMail?.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, order.id))).toHaveLength(2);
    // Delivered is final for ship/deliver.
    const again = await post(`/api/admin/orders/${order.id}/ship`, { carrier: 'UPS', trackingNumber: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CHECKOUT_MESSAGES.orderStatusChangeNotAllowed('Delivered', 'Shipped'));
  });

  it.each([
    [{ trackingNumber: 'x' }, ADMIN_MESSAGES.carrierRequired],
    [{ carrier: ' ', trackingNumber: 'x' }, ADMIN_MESSAGES.carrierRequired],
    [{ carrier: 'UPS' }, ADMIN_MESSAGES.trackingRequired],
    [{ carrier: 'UPS', trackingNumber: 'x'.repeat(101) }, ADMIN_MESSAGES.trackingRequired],
  ])('refuses ship body %j', async (payload, message) => {
    const response = await post('/api/admin/orders/00000000-0000-4000-8000-000000000000/ship', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    expect((await post('/api/admin/orders/00000000-0000-4000-8000-000000000000/deliver')).statusCode).toBe(404);
    const bad = await post('/api/admin/orders/x%27--/deliver');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ADMIN_MESSAGES.idInvalid);
  });
});

describe('lines name their colour (decision 043)', () => {
  it("shows the colour bought on the back office's order and in the confirmation mail; a one-colour product names none", async () => {
    const [twoColours] = (await insertProducts(t.database.db, [
      buildProduct({
        name: 'Linen Shirt',
        sizes: [],
        colours: [
          { name: 'Sage', swatch: '#9aab8f', images: [], sizes: [{ size: 'M', stock: 5 }] },
          { name: 'Navy', swatch: '#1f2a44', images: [], sizes: [{ size: 'M', stock: 5 }] },
        ],
      }),
    ])) as [string];
    const navy = (await coloursOfProduct(t.database.db, twoColours))[1];
    const coloured = await placeOrder(t.app, t.database, shopper, {
      productId: twoColours,
      colourId: navy?.id,
      size: 'M',
      quantity: 1,
    });
    const view = await t.app.inject({ url: `/api/admin/orders/${coloured.id}`, headers: cast.staff.headers });
    expect(view.statusCode, view.body).toBe(200);
    const order = AdminOrderAnswerSchema.parse(view.json()).order;
    expect(order.items.map((item) => [item.name, item.colourId, item.colourName, item.size])).toEqual([
      ['Linen Shirt', navy?.id, 'Navy', 'M'],
    ]);
    const mail = (await mailsTo(t.database, shopper.email)).find((m) => m.subject.includes(order.orderNumber));
    expect(mail?.text).toContain('1 × Linen Shirt (Navy, size M)');

    const plain = await buy(1);
    const plainView = await t.app.inject({ url: `/api/admin/orders/${plain.id}`, headers: cast.staff.headers });
    const plainOrder = AdminOrderAnswerSchema.parse(plainView.json()).order;
    expect(plainOrder.items.map((item) => item.colourName)).toEqual(['']);
    const plainMail = (await mailsTo(t.database, shopper.email)).find((m) =>
      m.subject.includes(plainOrder.orderNumber),
    );
    expect(plainMail?.text).toMatch(/1 × .+ \(size M\) — /);
  });
});

describe('cancel', () => {
  it('refunds through the provider, puts the stock back, ledgers it and mails the customer', async () => {
    const before = await stockOf(t.database, productId, 'M');
    const order = await buy(3);
    const response = await post(`/api/admin/orders/${order.id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe(ADMIN_MESSAGES.orderCancelled(body.order.orderNumber));
    expect(body.order).toMatchObject({ orderStatus: 'Cancelled', refundedAmount: body.order.totalAmount });
    expect(body.order.paymentInfo.status).toBe('refunded');
    expect(body.order.refunds).toMatchObject([{ status: 'succeeded', amount: body.order.totalAmount }]);
    expect(await stockOf(t.database, productId, 'M')).toBe(before);
    expect(await ledgerSum()).toBe(before);
    expect(await refundsAtProvider(order.paymentIntentId)).toHaveLength(1);
    const subjects = (await mailsTo(t.database, shopper.email)).map((m) => m.subject);
    expect(subjects).toContain(`Your SHOPPER order ${body.order.orderNumber} was cancelled`);
  });

  it('happens once when two staff cancel at once', async () => {
    const before = await stockOf(t.database, productId, 'M');
    const order = await buy(2);
    const answers = await Promise.all([
      post(`/api/admin/orders/${order.id}/cancel`),
      post(`/api/admin/orders/${order.id}/cancel`, undefined, cast.owner.headers),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await refundsAtProvider(order.paymentIntentId)).toHaveLength(1);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    expect(await stockOf(t.database, productId, 'M')).toBe(before);
    expect(await ledgerSum()).toBe(before);
  });

  it('cancel racing ship ends in one consistent state', async () => {
    const before = await stockOf(t.database, productId, 'M');
    const order = await buy(1);
    await Promise.all([
      post(`/api/admin/orders/${order.id}/cancel`),
      post(`/api/admin/orders/${order.id}/ship`, { carrier: 'DHL', trackingNumber: 'JD0001' }),
    ]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    // Ship then cancel is allowed (Shipped → Cancelled); cancel then ship is refused. Either way: cancelled once.
    expect(row?.status).toBe('Cancelled');
    expect(await refundsAtProvider(order.paymentIntentId)).toHaveLength(1);
    expect(await stockOf(t.database, productId, 'M')).toBe(before);
  });

  it('refuses a delivered order', async () => {
    const order = await buy(1);
    await post(`/api/admin/orders/${order.id}/ship`, { carrier: 'UPS', trackingNumber: '1' });
    await post(`/api/admin/orders/${order.id}/deliver`);
    const response = await post(`/api/admin/orders/${order.id}/cancel`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CHECKOUT_MESSAGES.orderStatusChangeNotAllowed('Delivered', 'Cancelled'));
  });
});

describe('returns (refunds of a delivered order)', () => {
  it('refunds part, restocks what came back, and refuses more than is left', async () => {
    const order = await buy(2);
    await post(`/api/admin/orders/${order.id}/ship`, { carrier: 'UPS', trackingNumber: '1' });
    const delivered = (await post(`/api/admin/orders/${order.id}/deliver`)).json().order;
    const stockBefore = await stockOf(t.database, productId, 'M');
    const itemId = delivered.items[0]._id;
    const partial = await post(`/api/admin/orders/${order.id}/refunds`, {
      amount: 20,
      reason: 'One shirt too small',
      restock: [{ itemId, quantity: 1 }],
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().message).toBe(ADMIN_MESSAGES.orderRefunded(delivered.orderNumber, '$20.00'));
    expect(partial.json().order).toMatchObject({ refundedAmount: 20, paymentInfo: { status: 'partially_refunded' } });
    expect(await stockOf(t.database, productId, 'M')).toBe(stockBefore + 1);
    const [movement] = await t.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order.id), eq(stockMovements.reason, 'return')));
    expect(movement).toMatchObject({ delta: 1, actorId: cast.staff.userId });
    const left = delivered.totalAmount - 20;
    const tooMuch = await post(`/api/admin/orders/${order.id}/refunds`, { amount: left + 0.01, reason: 'x' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(ADMIN_MESSAGES.refundTooLarge(`$${left.toFixed(2)}`));
    const rest = await post(`/api/admin/orders/${order.id}/refunds`, { amount: left, reason: 'Goodwill' });
    expect(rest.json().order.paymentInfo.status).toBe('refunded');
    expect(await refundsAtProvider(order.paymentIntentId)).toHaveLength(2);
    expect(
      (await mailsTo(t.database, shopper.email)).some(
        (m) => m.subject === `A refund on your SHOPPER order ${delivered.orderNumber}`,
      ),
    ).toBe(true);
  });

  /** An order of `quantity` of a product of its own (stock 5 in size M), shipped and delivered. */
  async function deliveredOrderOfItsOwn(quantity: number) {
    const [ownId] = (await insertProducts(t.database.db, [
      buildProduct({ priceCents: 2_000, sizes: [{ size: 'M', stock: 5 }] }),
    ])) as [string];
    const order = await placeOrder(t.app, t.database, shopper, { productId: ownId, size: 'M', quantity });
    await post(`/api/admin/orders/${order.id}/ship`, { carrier: 'UPS', trackingNumber: '1' });
    const delivered = (await post(`/api/admin/orders/${order.id}/deliver`)).json().order;
    const [item] = delivered.items as { _id: string; name: string }[];
    const written = async () => ({
      stock: await stockOf(t.database, ownId, 'M'),
      refunds: (await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).length,
      returnMovements: (
        await t.database.db
          .select({ n: count() })
          .from(stockMovements)
          .where(and(eq(stockMovements.orderId, order.id), eq(stockMovements.reason, 'return')))
      )[0]?.n,
      refundAudits: (
        await t.database.db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.refund')))
      )[0]?.n,
      atProvider: (await refundsAtProvider(order.paymentIntentId)).length,
    });
    return { order, item: item!, written };
  }

  it('restocks at most what was delivered of a line, counting repeated lines and earlier returns; more writes nothing', async () => {
    const { order, item, written } = await deliveredOrderOfItsOwn(2);
    const before = await written();
    expect(before).toMatchObject({ stock: 3, refunds: 0, returnMovements: 0 });
    const refundWith = (restock: { itemId: string; quantity: number }[]) =>
      post(`/api/admin/orders/${order.id}/refunds`, { amount: 1, reason: 'x', restock });

    // One line repeated: each is within the 2 bought, their sum is not.
    const repeated = await refundWith(Array.from({ length: 100 }, () => ({ itemId: item._id, quantity: 1 })));
    expect(repeated.statusCode, repeated.body).toBe(400);
    expect(repeated.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: ADMIN_MESSAGES.restockTooLarge(item.name, 'M', 2),
      errors: [{ param: 'restock.2.quantity', msg: ADMIN_MESSAGES.restockTooLarge(item.name, 'M', 2) }],
    });
    expect(await written()).toEqual(before);

    const first = await refundWith([{ itemId: item._id, quantity: 1 }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(await written()).toMatchObject({ stock: 4, refunds: 1, returnMovements: 1, refundAudits: 1 });

    // The earlier return's unit counts: one is left to put back, not two.
    const afterFirst = await written();
    const tooMany = await refundWith([{ itemId: item._id, quantity: 2 }]);
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json().message).toBe(ADMIN_MESSAGES.restockTooLarge(item.name, 'M', 1));
    expect(await written()).toEqual(afterFirst);

    const last = await refundWith([{ itemId: item._id, quantity: 1 }]);
    expect(last.statusCode, last.body).toBe(200);
    expect((await written()).stock).toBe(5);

    const afterLast = await written();
    const none = await refundWith([{ itemId: item._id, quantity: 1 }]);
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().message).toBe(ADMIN_MESSAGES.restockTooLarge(item.name, 'M', 0));
    expect(await written()).toEqual(afterLast);
    // A refund without restocking is still possible.
    expect((await refundWith([])).statusCode).toBe(200);
  });

  it('puts the last unit back once when two returns race to restock it', async () => {
    const { order, item, written } = await deliveredOrderOfItsOwn(1);
    const before = await written();
    const body = { amount: 1, reason: 'x', restock: [{ itemId: item._id, quantity: 1 }] };
    const answers = await Promise.all([
      post(`/api/admin/orders/${order.id}/refunds`, body),
      post(`/api/admin/orders/${order.id}/refunds`, body, cast.owner.headers),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await written()).toMatchObject({ stock: before.stock + 1, refunds: 1, returnMovements: 1 });
  });

  it('refuses an amount with a fraction of a cent on a delivered order, however small, and writes nothing', async () => {
    const { order, written } = await deliveredOrderOfItsOwn(1);
    const before = await written();
    for (const amount of [1e-9, 0.001, 1.000000001]) {
      const response = await post(`/api/admin/orders/${order.id}/refunds`, { amount, reason: 'x' });
      expect(response.statusCode, `${amount}: ${response.body}`).toBe(400);
      expect(response.json().errors).toEqual([{ param: 'amount', msg: ADMIN_MESSAGES.refundAmountInvalid }]);
    }
    expect(await written()).toEqual(before);
  });

  it('refuses a return on an order not delivered', async () => {
    const order = await buy(1);
    const response = await post(`/api/admin/orders/${order.id}/refunds`, { amount: 1, reason: 'x' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ADMIN_MESSAGES.returnsNeedDelivered);
  });

  it.each([
    [{ reason: 'x' }, ADMIN_MESSAGES.refundAmountInvalid],
    [{ amount: 0, reason: 'x' }, ADMIN_MESSAGES.refundAmountInvalid],
    [{ amount: 1.234, reason: 'x' }, ADMIN_MESSAGES.refundAmountInvalid],
    [{ amount: 1e-9, reason: 'x' }, ADMIN_MESSAGES.refundAmountInvalid],
    [{ amount: 0.001, reason: 'x' }, ADMIN_MESSAGES.refundAmountInvalid],
    [{ amount: 19.990000001, reason: 'x' }, ADMIN_MESSAGES.refundAmountInvalid],
    [{ amount: '5', reason: 'x' }, ADMIN_MESSAGES.refundAmountInvalid],
    [{ amount: 5 }, ADMIN_MESSAGES.refundReasonRequired],
    [
      { amount: 5, reason: 'x', restock: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 0 }] },
      ADMIN_MESSAGES.restockQuantityInvalid,
    ],
  ])('refuses %j', async (payload, message) => {
    const response = await post('/api/admin/orders/00000000-0000-4000-8000-000000000000/refunds', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('GET /api/admin/orders', () => {
  it('filters by status and searches by order number or email, paged', async () => {
    const cancelled = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/orders?status=Cancelled&pageSize=2',
        headers: cast.staff.headers,
      })
    ).json();
    expect(cancelled.total).toBeGreaterThanOrEqual(3);
    expect(cancelled.items).toHaveLength(2);
    expect(cancelled.items.every((o: { status: string }) => o.status === 'Cancelled')).toBe(true);
    const [first] = cancelled.items;
    const byNumber = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/orders?q=${first.orderNumber}`,
        headers: cast.staff.headers,
      })
    ).json();
    expect(byNumber.items.map((o: { id: string }) => o.id)).toEqual([first.id]);
    const byEmail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/orders?q=${encodeURIComponent(shopper.email)}&pageSize=100`,
        headers: cast.staff.headers,
      })
    ).json();
    expect(byEmail.total).toBeGreaterThanOrEqual(7);
    const none = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/orders?from=2020-01-01&to=2020-01-02',
        headers: cast.staff.headers,
      })
    ).json();
    expect(none.total).toBe(0);
  });

  it.each([
    ['status=Lost', undefined],
    ['from=2026-02-30x', ADMIN_MESSAGES.dateInvalid],
    ['from=2026-03-02&to=2026-03-01', ADMIN_MESSAGES.dateRangeInverted],
    ['sort=secret', ADMIN_MESSAGES.sortInvalid(['createdAt', 'total', 'orderNumber', 'status'])],
  ])('answers 400 for %s', async (query, message) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders?${query}`,
      headers: cast.staff.headers,
    });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
  });

  // Days JavaScript reads but PostgreSQL refuses (year 0), or whose next day (the end of the range) is year 10000.
  it.each([
    ['from=0000-01-01', 'from'],
    ['from=0000-12-31', 'from'],
    ['to=9999-12-31', 'to'],
    ['from=1999-12-31&to=2026-01-01', 'from'],
    ['from=2026-01-01&to=3000-01-01', 'to'],
  ])('answers 400 naming the field for a day outside the order dates: %s', async (query, param) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders?${query}`,
      headers: cast.staff.headers,
    });
    expect(response.statusCode, response.body).toBe(400);
    const message = ADMIN_MESSAGES.dateOutOfRange(ORDER_DATE_MIN, ORDER_DATE_MAX);
    expect(response.json()).toMatchObject({ message, errors: [{ param, msg: message }] });
  });

  it('takes the first and last order dates as bounds', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders?from=${ORDER_DATE_MIN}&to=${ORDER_DATE_MAX}`,
      headers: cast.staff.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().total).toBeGreaterThan(0);
  });

  it('keeps every size ledger equal to its stock', async () => {
    for (const row of await t.database.db.select().from(productSizes).where(eq(productSizes.productId, productId))) {
      expect(await ledgerSum()).toBe(row.stock);
    }
  });
});

describe('guest orders (decision 072)', () => {
  /**
   * A paid order on a guest's row, whose address and name are the ones given at checkout: bought
   * through the real checkout by an account of its own, then handed to the guest as guest checkout
   * writes it.
   */
  async function guestOrder(email: string) {
    const [guest] = await t.database.db
      .insert(users)
      .values({ email, name: 'Grace Guest', passwordHash: '', guest: true })
      .returning({ id: users.id });
    if (!guest) throw new Error('no guest');
    const buyer = await verifiedShopper(t.app, t.database);
    const order = await placeOrder(t.app, t.database, buyer, { productId, size: 'M', quantity: 1 });
    await t.database.db.update(orders).set({ userId: guest.id }).where(eq(orders.id, order.id));
    await t.database.db
      .update(paymentIntents)
      .set({ userId: guest.id })
      .where(eq(paymentIntents.id, order.paymentIntentId));
    return { ...order, guestId: guest.id };
  }
  const view = async (id: string) =>
    AdminOrderAnswerSchema.parse(
      (await t.app.inject({ url: `/api/admin/orders/${id}`, headers: cast.staff.headers })).json(),
    ).order;

  it("marks a guest's order as a guest's in the list and the detail, with the email given at checkout; an account's is not", async () => {
    // An account and a guest may share an address: the search finds both, each marked for what it is.
    const guest = await guestOrder(shopper.email);
    const account = await buy(1);

    const listed = await t.app.inject({
      url: `/api/admin/orders?q=${encodeURIComponent(shopper.email)}&pageSize=100`,
      headers: cast.staff.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const items = AdminOrdersPageSchema.parse(listed.json()).items;
    expect(items.find((o) => o.id === guest.id)).toMatchObject({
      guest: true,
      customer: { id: guest.guestId, email: shopper.email, name: 'Grace Guest' },
    });
    expect(items.find((o) => o.id === account.id)).toMatchObject({
      guest: false,
      customer: { id: shopper.userId, email: shopper.email },
    });
    expect(items.filter((o) => o.guest).map((o) => o.id)).toEqual([guest.id]);

    expect(await view(guest.id)).toMatchObject({
      guest: true,
      customer: { id: guest.guestId, email: shopper.email },
    });
    expect(await view(account.id)).toMatchObject({ guest: false, customer: { id: shopper.userId } });
  });

  it("keeps the mark through a change: shipping a guest's order answers it a guest's", async () => {
    const guest = await guestOrder('guest.buyer@example.com');
    const shipped = await post(`/api/admin/orders/${guest.id}/ship`, { carrier: 'UPS', trackingNumber: '1Z1' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(AdminOrderAnswerSchema.parse(shipped.json()).order).toMatchObject({
      guest: true,
      orderStatus: 'Shipped',
      customer: { email: 'guest.buyer@example.com' },
    });
  });
});
