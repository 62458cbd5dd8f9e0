import { CART_MESSAGES as M, CartAnswerSchema } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { signUp } from '../../test/account-factory.ts';
import { cartClient, type CartClient } from '../../test/cart-client.ts';
import { insertCoupon } from '../../test/coupon-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';

const clock = createTestClock(new Date('2026-06-01T12:00:00.000Z'));
let t: TestApp;
let shirt: string;
let cheap: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  [shirt, cheap] = (await insertProducts(t.database.db, [
    buildProduct({ priceCents: 6_000, sizes: [{ size: 'M', stock: 20 }] }),
    buildProduct({ priceCents: 1_999, sizes: [{ size: 'S', stock: 20 }] }),
  ])) as [string, string];
  await insertCoupon(t.database, { code: 'WELCOME10', kind: 'percent', value: 10, description: '10% off' });
  await insertCoupon(t.database, {
    code: 'SAVE20',
    kind: 'fixed',
    value: 2_000,
    minSubtotalCents: 10_000,
    description: '$20 off orders over $100',
  });
  await insertCoupon(t.database, { code: 'BIGFIXED', kind: 'fixed', value: 50_000 });
  await insertCoupon(t.database, { code: 'SUMMER25', value: 25, expiresAt: new Date('2026-05-01T00:00:00.000Z') });
  await insertCoupon(t.database, { code: 'LIMITED5', value: 5, usageLimit: 1, usedCount: 1 });
  await insertCoupon(t.database, { code: 'SOON', value: 15, expiresAt: new Date('2026-06-01T12:01:00.000Z') });
  await insertCoupon(t.database, { code: 'POPULAR', value: 20, usageLimit: 5, usedCount: 0 });
});

afterAll(async () => {
  await t.close();
});

async function shopperWith(lines: [string, string, number][]): Promise<CartClient> {
  const shopper = cartClient(t.app, (await signUp(t.app)).accessToken);
  for (const [productId, size, quantity] of lines) {
    expect((await shopper.add({ productId, size, quantity })).statusCode).toBe(200);
  }
  return shopper;
}

function answerOf(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(200);
  return CartAnswerSchema.parse(response.json());
}

function expectCodeError(response: { statusCode: number; json: () => unknown }, message: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    success: false,
    code: 'VALIDATION_FAILED',
    message,
    errors: [{ param: 'code', msg: message }],
  });
}

describe('POST /api/cart/coupon', () => {
  it('applies a percent code, case-insensitively, and answers the discounted totals', async () => {
    const shopper = await shopperWith([[cheap, 'S', 1]]);
    const answer = answerOf(await shopper.applyCoupon({ code: '  welcome10 ' }));
    expect(answer.message).toBe(M.couponApplied('WELCOME10'));
    // 10% of $19.99 is $1.999, rounded to $2.00.
    expect(answer.cart).toMatchObject({
      subtotal: 19.99,
      discount: 2,
      totalPrice: 17.99,
      coupon: { code: 'WELCOME10', description: '10% off', kind: 'percent', value: 10 },
    });
    expect(answerOf(await shopper.get()).cart.coupon?.code).toBe('WELCOME10');
  });

  it('applies a fixed code from its minimum subtotal on, in dollars on the wire', async () => {
    const shopper = await shopperWith([[shirt, 'M', 2]]);
    const answer = answerOf(await shopper.applyCoupon({ code: 'Save20' }));
    expect(answer.cart).toMatchObject({
      subtotal: 120,
      discount: 20,
      totalPrice: 100,
      coupon: { code: 'SAVE20', kind: 'fixed', value: 20 },
    });
  });

  it('never takes a fixed amount beyond the subtotal', async () => {
    const shopper = await shopperWith([[cheap, 'S', 2]]);
    const answer = answerOf(await shopper.applyCoupon({ code: 'BIGFIXED' }));
    expect(answer.cart).toMatchObject({ subtotal: 39.98, discount: 39.98, totalPrice: 0 });
  });

  it('replaces a code already applied', async () => {
    const shopper = await shopperWith([[shirt, 'M', 2]]);
    answerOf(await shopper.applyCoupon({ code: 'WELCOME10' }));
    const answer = answerOf(await shopper.applyCoupon({ code: 'SAVE20' }));
    expect(answer.cart.coupon?.code).toBe('SAVE20');
  });

  it.each([
    ['NOPE', M.couponInvalid],
    ['SUMMER25', M.couponExpired],
    ['summer25', M.couponExpired],
    ['LIMITED5', M.couponExhausted],
  ])('refuses %s: %s', async (code, message) => {
    const shopper = await shopperWith([[shirt, 'M', 2]]);
    expectCodeError(await shopper.applyCoupon({ code }), message);
    expect(answerOf(await shopper.get()).cart.coupon).toBeNull();
  });

  it('asks for the minimum subtotal', async () => {
    const shopper = await shopperWith([[shirt, 'M', 1]]);
    expectCodeError(await shopper.applyCoupon({ code: 'SAVE20' }), 'Spend at least $100.00 to use this code.');
  });

  it.each([
    [{}, M.couponRequired],
    [{ code: '' }, M.couponRequired],
    [{ code: '   ' }, M.couponRequired],
    [{ code: 42 }, M.couponRequired],
    [{ code: 'X'.repeat(41) }, M.couponInvalid],
    [{ code: 'WELCOME\u000010' }, M.couponInvalid],
  ])('refuses a malformed code: %j', async (body, message) => {
    const shopper = await shopperWith([]);
    expectCodeError(await shopper.applyCoupon(body), message);
  });

  it('keeps a code a customer applied out of every other cart', async () => {
    const first = await shopperWith([[shirt, 'M', 1]]);
    const second = await shopperWith([[shirt, 'M', 1]]);
    answerOf(await first.applyCoupon({ code: 'WELCOME10' }));
    expect(answerOf(await second.get()).cart).toMatchObject({ coupon: null, discount: 0, totalPrice: 60 });
  });
});

describe('DELETE /api/cart/coupon', () => {
  it('takes the code off, and is harmless without one', async () => {
    const shopper = await shopperWith([[shirt, 'M', 1]]);
    answerOf(await shopper.applyCoupon({ code: 'WELCOME10' }));
    const answer = answerOf(await shopper.removeCoupon());
    expect(answer.message).toBe(M.couponRemoved);
    expect(answer.cart).toMatchObject({ coupon: null, discount: 0, totalPrice: 60 });
    expect(answerOf(await shopper.removeCoupon()).cart.coupon).toBeNull();
  });

  it('goes with a cleared cart', async () => {
    const shopper = await shopperWith([[shirt, 'M', 1]]);
    answerOf(await shopper.applyCoupon({ code: 'WELCOME10' }));
    await shopper.clear();
    await shopper.add({ productId: shirt, size: 'M', quantity: 1 });
    expect(answerOf(await shopper.get()).cart.coupon).toBeNull();
  });
});

describe('an applied code that stops applying', () => {
  it('is dropped when the subtotal falls under its minimum, with a notice', async () => {
    const shopper = await shopperWith([[shirt, 'M', 2]]);
    answerOf(await shopper.applyCoupon({ code: 'SAVE20' }));
    const answer = answerOf(await shopper.remove({ productId: shirt, size: 'M', quantity: 1 }));
    expect(answer.couponNotice).toBe(M.couponDropped('SAVE20', 'Spend at least $100.00 to use this code.'));
    expect(answer.cart).toMatchObject({ coupon: null, discount: 0, subtotal: 60, totalPrice: 60 });
    // Dropped for good: adding back does not bring it back, and the notice is given once.
    const later = answerOf(await shopper.add({ productId: shirt, size: 'M', quantity: 1 }));
    expect(later.cart.coupon).toBeNull();
    expect(later.couponNotice).toBeUndefined();
  });

  it('is dropped once it expires', async () => {
    const shopper = await shopperWith([[shirt, 'M', 1]]);
    expect(answerOf(await shopper.applyCoupon({ code: 'SOON' })).cart.discount).toBe(9);
    clock.advance(2 * 60_000);
    const answer = answerOf(await shopper.get());
    expect(answer.couponNotice).toBe(M.couponDropped('SOON', M.couponExpired));
    expect(answer.cart).toMatchObject({ coupon: null, discount: 0, totalPrice: 60 });
  });

  it('is dropped once other orders use it up', async () => {
    const shopper = await shopperWith([[shirt, 'M', 1]]);
    answerOf(await shopper.applyCoupon({ code: 'POPULAR' }));
    await t.database.db.update(coupons).set({ usedCount: 5 }).where(eq(coupons.code, 'POPULAR'));
    const answer = answerOf(await shopper.get());
    expect(answer.couponNotice).toBe(M.couponDropped('POPULAR', M.couponExhausted));
    expect(answer.cart.coupon).toBeNull();
  });

  it('is dropped when the shop deletes the code', async () => {
    await insertCoupon(t.database, { code: 'TEMP', value: 30 });
    const shopper = await shopperWith([[shirt, 'M', 1]]);
    answerOf(await shopper.applyCoupon({ code: 'temp' }));
    await t.database.db.delete(coupons).where(eq(coupons.code, 'TEMP'));
    const answer = answerOf(await shopper.get());
    expect(answer.cart).toMatchObject({ coupon: null, discount: 0 });
  });
});
