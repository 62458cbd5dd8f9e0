import { ADMIN_MESSAGES } from '@shopper/contract';
import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productSizes, stockMovements } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { stockOf, verifiedShopper } from '../../test/checkout-factory.ts';
import { placeOrder } from '../../test/order-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
  [productId] = (await insertProducts(t.database.db, [
    buildProduct({
      sizes: [
        { size: 'S', stock: 3 },
        { size: 'M', stock: 10 },
      ],
    }),
  ])) as [string];
});
afterAll(async () => await t.close());

const adjust = (payload: object, headers = cast.staff.headers) =>
  t.app.inject({ method: 'POST', url: '/api/admin/stock/adjustments', headers, payload });
const ledgerSum = async (size: string) =>
  Number(
    (
      await t.database.db
        .select({ total: sum(stockMovements.delta) })
        .from(stockMovements)
        .where(and(eq(stockMovements.productId, productId), eq(stockMovements.size, size)))
    )[0]?.total ?? 0,
  );

describe('POST /api/admin/stock/adjustments', () => {
  it('is for staff: guest 401, customer 403', async () => {
    const answers = await guardAnswers(
      t.app,
      cast,
      {
        method: 'POST',
        url: '/api/admin/stock/adjustments',
        payload: { productId, size: 'S', delta: 1, reason: 'adjustment', note: 'x' },
      },
      'staff',
    );
    expect(answers).toEqual({ guest: 401, customer: 403 });
    expect(await stockOf(t.database, productId, 'S')).toBe(3);
  });

  it('changes by a delta or to a quantity, writes the ledger and the audit log', async () => {
    const added = await adjust({ productId, size: 'S', delta: 4, reason: 'import', note: 'delivery #12' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      message: ADMIN_MESSAGES.stockAdjusted('S', 7),
      movement: {
        size: 'S',
        delta: 4,
        stockAfter: 7,
        reason: 'import',
        note: 'delivery #12',
        actor: { id: cast.staff.userId },
      },
    });
    const set = await adjust({ productId, size: 'S', quantity: 2, reason: 'adjustment', note: 'counted the shelf' });
    expect(set.json().movement).toMatchObject({ delta: -5, stockAfter: 2 });
    expect(await stockOf(t.database, productId, 'S')).toBe(2);
    expect(await ledgerSum('S')).toBe(2);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'stock.adjust'));
    expect(audits.at(-1)).toMatchObject({ before: { stock: 7 }, after: { stock: 2 } });
  });

  it('never goes below 0, and says so', async () => {
    const response = await adjust({ productId, size: 'S', delta: -50, reason: 'adjustment', note: 'lost' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ADMIN_MESSAGES.stockBelowZero('S', 2));
    expect(await stockOf(t.database, productId, 'S')).toBe(2);
  });

  it('answers 404 for a size the product does not have', async () => {
    const response = await adjust({ productId, size: 'XXL', delta: 1, reason: 'adjustment', note: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(ADMIN_MESSAGES.sizeNotFound('XXL'));
  });

  it.each([
    [{ productId: undefined, size: 'S', delta: 1, reason: 'adjustment', note: 'x' }, ADMIN_MESSAGES.productIdRequired],
    [{ productId: 'nope', size: 'S', delta: 1, reason: 'adjustment', note: 'x' }, ADMIN_MESSAGES.productIdRequired],
    [{ size: '', delta: 1, reason: 'adjustment', note: 'x' }, ADMIN_MESSAGES.sizeRequired],
    [{ size: 'S', reason: 'adjustment', note: 'x' }, ADMIN_MESSAGES.stockChangeRequired],
    [{ size: 'S', delta: 1, quantity: 3, reason: 'adjustment', note: 'x' }, ADMIN_MESSAGES.stockChangeRequired],
    [{ size: 'S', delta: 0, reason: 'adjustment', note: 'x' }, ADMIN_MESSAGES.deltaInvalid],
    [{ size: 'S', delta: 1.5, reason: 'adjustment', note: 'x' }, ADMIN_MESSAGES.deltaInvalid],
    [{ size: 'S', quantity: -1, reason: 'adjustment', note: 'x' }, ADMIN_MESSAGES.quantityInvalid],
    [{ size: 'S', delta: 1, reason: 'sale', note: 'x' }, ADMIN_MESSAGES.stockReasonInvalid],
    [{ size: 'S', delta: 1, reason: 'adjustment', note: '  ' }, ADMIN_MESSAGES.stockNoteRequired],
    [{ size: 'S', delta: 1, reason: 'adjustment' }, ADMIN_MESSAGES.stockNoteRequired],
    [{ size: 'S', delta: 1, reason: 'adjustment', note: 'a\u0000b' }, ADMIN_MESSAGES.stockNoteRequired],
  ])('refuses %j with its message', async (body, message) => {
    const response = await adjust({ productId, ...body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('the stock ledger', () => {
  it('records a checkout as a sale of that order, and always sums to the stock', async () => {
    const shopper = await verifiedShopper(t.app, t.database);
    const order = await placeOrder(t.app, t.database, shopper, { productId, size: 'M', quantity: 3 });
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/stock/movements?productId=${productId}&size=M`,
        headers: cast.staff.headers,
      })
    ).json();
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({ reason: 'sale', delta: -3, stockAfter: 7, orderId: order.id, actor: null });
    expect(page.items[0].orderNumber).toMatch(/^SH-\d+$/);
    expect(page.items[1]).toMatchObject({ reason: 'import', delta: 10, stockAfter: 10 });
    for (const row of await t.database.db.select().from(productSizes).where(eq(productSizes.productId, productId))) {
      expect(await ledgerSum(row.size)).toBe(row.stock);
    }
  });

  it('is for staff, and needs a product id', async () => {
    const url = `/api/admin/stock/movements?productId=${productId}`;
    expect(await guardAnswers(t.app, cast, { method: 'GET', url }, 'staff')).toEqual({ guest: 401, customer: 403 });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stock/movements',
      headers: cast.staff.headers,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ADMIN_MESSAGES.productIdRequired);
  });
});
