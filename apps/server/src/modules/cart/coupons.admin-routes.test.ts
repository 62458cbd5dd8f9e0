import {
  ADMIN_CATALOG_MESSAGES as M,
  type AdminCoupon,
  CART_MESSAGES,
  COUPON_EXPIRY_MAX,
  COUPON_EXPIRY_MIN,
} from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { putInCart } from '../../test/checkout-factory.ts';
import { insertCoupon } from '../../test/coupon-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';

const clock = createTestClock(new Date('2026-11-23T12:00:00Z'));
let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  cast = await backOfficeCast(t.app, t.database);
  const [productId] = (await insertProducts(t.database.db, [buildProduct({ priceCents: 10_000 })])) as [string];
  await putInCart(t.database, cast.customer.userId, productId, 'M', 1);
  await insertCoupon(t.database, { code: 'USEDUP', usageLimit: 2, usedCount: 2 });
  await insertCoupon(t.database, { code: 'OLDONE', expiresAt: new Date('2026-01-01T00:00:00Z') });
});
afterAll(async () => await t.close());

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cast.staff.headers });

async function create(payload: object): Promise<AdminCoupon> {
  const response = await send('POST', '/api/admin/coupons', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ coupon: AdminCoupon }>().coupon;
}

const applyAsCustomer = (code: string) =>
  t.app.inject({ method: 'POST', url: '/api/cart/coupon', payload: { code }, headers: cast.customer.headers });

describe('coupons admin', () => {
  it('is for staff: guest 401, customer 403', async () => {
    for (const request of [
      { method: 'GET', url: '/api/admin/coupons' },
      { method: 'GET', url: '/api/admin/coupons/USEDUP' },
      { method: 'POST', url: '/api/admin/coupons', payload: { code: 'GUARD1', kind: 'percent', value: 5 } },
      { method: 'PATCH', url: '/api/admin/coupons/GUARD1', payload: { description: 'x' } },
      { method: 'POST', url: '/api/admin/coupons/GUARD1/expire' },
    ] as const) {
      const answers = await guardAnswers(t.app, cast, request);
      expect([answers.guest, answers.customer], request.url).toEqual([401, 403]);
      expect(answers.staff, request.url).toBeLessThan(300);
    }
  });

  it('creates a code a customer can apply at once, and writes an audit row', async () => {
    const coupon = await create({
      code: 'winter15',
      kind: 'fixed',
      value: 15,
      minSubtotal: 50,
      expiresAt: '2026-12-31T23:59:59Z',
      usageLimit: 100,
      description: '$15 off $50',
    });
    expect(coupon).toEqual({
      code: 'WINTER15',
      kind: 'fixed',
      value: 15,
      minSubtotal: 50,
      expiresAt: '2026-12-31T23:59:59.000Z',
      usageLimit: 100,
      usedCount: 0,
      description: '$15 off $50',
      createdAt: clock().toISOString(),
      state: 'active',
    });
    const applied = await applyAsCustomer('winter15');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().cart.coupon).toMatchObject({ code: 'WINTER15', kind: 'fixed', value: 15 });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coupon'), eq(auditLog.entityId, 'WINTER15')));
    expect(row).toMatchObject({ action: 'coupon.create', actorId: cast.staff.userId });
  });

  it('refuses a taken code and bad values with their messages', async () => {
    const taken = await send('POST', '/api/admin/coupons', { code: 'Winter15', kind: 'percent', value: 5 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ param: 'code', msg: M.couponCodeTaken }]);
    for (const [payload, param, message] of [
      [{ code: 'x', kind: 'percent', value: 5 }, 'code', M.couponCodeInvalid],
      [{ code: 'BAD CODE', kind: 'percent', value: 5 }, 'code', M.couponCodeInvalid],
      [{ code: 'PCT', kind: 'percent', value: 101 }, 'value', M.couponPercentInvalid],
      [{ code: 'PCT', kind: 'percent', value: 2.5 }, 'value', M.couponPercentInvalid],
      [{ code: 'FIX', kind: 'fixed', value: 1.005 }, 'value', M.couponAmountInvalid],
      [{ code: 'FIX', kind: 'fixed', value: -3 }, 'value', M.couponAmountInvalid],
      [{ code: 'MIN', kind: 'fixed', value: 3, minSubtotal: -1 }, 'minSubtotal', M.couponMinimumInvalid],
      [{ code: 'LIM', kind: 'fixed', value: 3, usageLimit: 0 }, 'usageLimit', M.couponUsageLimitInvalid],
      [{ code: 'DAY', kind: 'fixed', value: 3, expiresAt: 'next tuesday' }, 'expiresAt', M.couponDateInvalid],
    ] as const) {
      const response = await send('POST', '/api/admin/coupons', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toContainEqual({ param, msg: message });
    }
  });

  it('edits a code; the usage limit cannot go below the uses already made', async () => {
    const edited = await send('PATCH', '/api/admin/coupons/winter15', { kind: 'percent', value: 20, usageLimit: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().coupon).toMatchObject({ kind: 'percent', value: 20, usageLimit: null, minSubtotal: 50 });
    const tooBig = await send('PATCH', '/api/admin/coupons/WINTER15', { value: 120 });
    expect(tooBig.json().errors).toEqual([{ param: 'value', msg: M.couponPercentInvalid }]);
    const below = await send('PATCH', '/api/admin/coupons/USEDUP', { usageLimit: 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors).toEqual([{ param: 'usageLimit', msg: M.couponUsageLimitBelowUses(2) }]);
    const raised = await send('PATCH', '/api/admin/coupons/USEDUP', { usageLimit: 3 });
    expect(raised.json().coupon).toMatchObject({ usageLimit: 3, usedCount: 2, state: 'active' });
    const kindAlone = await send('PATCH', '/api/admin/coupons/USEDUP', { kind: 'fixed' });
    expect(kindAlone.statusCode).toBe(400);
    expect((await send('PATCH', '/api/admin/coupons/NOPE', { description: 'x' })).statusCode).toBe(404);
  });

  it('refuses amounts with a fraction of a cent, however small, on create and edit; whole cents pass', async () => {
    for (const [payload, param, message] of [
      [{ code: 'TINY1', kind: 'fixed', value: 1e-9 }, 'value', M.couponAmountInvalid],
      [{ code: 'TINY2', kind: 'fixed', value: 0.001 }, 'value', M.couponAmountInvalid],
      [{ code: 'TINY3', kind: 'fixed', value: 5.000000001 }, 'value', M.couponAmountInvalid],
      [{ code: 'TINY4', kind: 'fixed', value: 5, minSubtotal: 1e-9 }, 'minSubtotal', M.couponMinimumInvalid],
      [{ code: 'TINY5', kind: 'percent', value: 1e-9 }, 'value', M.couponPercentInvalid],
    ] as const) {
      const response = await send('POST', '/api/admin/coupons', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toContainEqual({ param, msg: message });
    }
    const fixed = await create({ code: 'CENTS', kind: 'fixed', value: 19.99, minSubtotal: 0.1 + 0.2 });
    expect(fixed).toMatchObject({ value: 19.99, minSubtotal: 0.3 });
    for (const [change, param, message] of [
      [{ value: 1e-9 }, 'value', M.couponAmountInvalid],
      [{ value: 1.005 }, 'value', M.couponAmountInvalid],
      [{ minSubtotal: 1e-9 }, 'minSubtotal', M.couponMinimumInvalid],
    ] as const) {
      const response = await send('PATCH', '/api/admin/coupons/CENTS', change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors).toEqual([{ param, msg: message }]);
    }
    expect((await send('GET', '/api/admin/coupons/CENTS')).json().coupon).toMatchObject({ value: 19.99 });
  });

  it('expires a code now: the customer is told it has expired', async () => {
    const expired = await send('POST', '/api/admin/coupons/WINTER15/expire');
    expect(expired.statusCode).toBe(200);
    expect(expired.json().coupon).toMatchObject({ state: 'expired', expiresAt: clock().toISOString() });
    const applied = await applyAsCustomer('WINTER15');
    expect(applied.statusCode).toBe(400);
    expect(applied.json().message).toBe(CART_MESSAGES.couponExpired);
    expect((await send('POST', '/api/admin/coupons/NOPE/expire')).statusCode).toBe(404);
  });

  it('lists codes with usage, filtered by state, searched and sorted', async () => {
    const list = async (query: string) => {
      const response = await send('GET', `/api/admin/coupons?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: AdminCoupon[]; total: number }>();
    };
    await send('PATCH', '/api/admin/coupons/USEDUP', { usageLimit: 2 });
    expect((await list('state=expired&sort=code&dir=asc')).items.map((c) => c.code)).toEqual([
      'GUARD1',
      'OLDONE',
      'WINTER15',
    ]);
    expect((await list('state=exhausted')).items.map((c) => [c.code, c.usedCount])).toEqual([['USEDUP', 2]]);
    expect((await list('state=active')).items.map((c) => c.code)).not.toContain('USEDUP');
    expect((await list('q=winter')).items.map((c) => c.code)).toEqual(['WINTER15']);
    expect((await list('sort=usedCount&dir=desc&pageSize=1')).items[0]?.code).toBe('USEDUP');
    for (const bad of ['state=odd', 'sort=value', 'pageSize=0']) {
      expect((await send('GET', `/api/admin/coupons?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('refuses an expiry before 2000-01-01 or after 2100-01-01 with its message, on create and edit; the bounds pass', async () => {
    const message = M.couponDateOutOfRange(COUPON_EXPIRY_MIN, COUPON_EXPIRY_MAX);
    // Year 0 and year 10000 (9999-12-31 at UTC-14) were 500s from PostgreSQL; year 1 came back as 2001.
    for (const expiresAt of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '1999-12-31T23:59:59Z',
      '2000-01-01T00:00:00+14:00',
      '2100-01-01T00:00:01Z',
      '9999-12-31T23:59:59-14:00',
    ]) {
      const created = await send('POST', '/api/admin/coupons', { code: 'FARDAY', kind: 'fixed', value: 5, expiresAt });
      expect(created.statusCode, expiresAt).toBe(400);
      expect(created.json().errors).toEqual([{ param: 'expiresAt', msg: message }]);
      const edited = await send('PATCH', '/api/admin/coupons/USEDUP', { expiresAt });
      expect(edited.statusCode, expiresAt).toBe(400);
      expect(edited.json().errors).toEqual([{ param: 'expiresAt', msg: message }]);
    }
    const invalid = await send('POST', '/api/admin/coupons', {
      code: 'FARDAY',
      kind: 'fixed',
      value: 5,
      expiresAt: '2026-02-30T00:00:00Z',
    });
    expect(invalid.json().errors).toEqual([{ param: 'expiresAt', msg: M.couponDateInvalid }]);
    expect(
      await create({ code: 'FIRSTDAY', kind: 'fixed', value: 5, expiresAt: '2000-01-01T00:00:00Z' }),
    ).toMatchObject({ expiresAt: '2000-01-01T00:00:00.000Z', state: 'expired' });
    expect(
      await create({ code: 'LASTDAY', kind: 'fixed', value: 5, expiresAt: '2099-12-31T19:00:00-05:00' }),
    ).toMatchObject({ expiresAt: '2100-01-01T00:00:00.000Z', state: 'active' });
  });
});
