import { CART_MESSAGES as M } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, signUp } from '../../test/account-factory.ts';
import { cartClient, type CartClient } from '../../test/cart-client.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let shopper: CartClient;
let token: string;
let tee: string;

beforeAll(async () => {
  t = await createTestApp();
  [tee] = (await insertProducts(t.database.db, [buildProduct({ sizes: [{ size: 'M', stock: 5 }] })])) as [string];
  token = (await signUp(t.app)).accessToken;
  shopper = cartClient(t.app, token);
});

afterAll(async () => {
  await t.close();
});

function expect400(response: { statusCode: number; body: string; json: () => unknown }, param?: string, msg?: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { success: boolean; code: string; errors?: { param: string; msg: string }[] };
  expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  if (param) expect(body.errors?.some((e) => e.param === param && (msg === undefined || e.msg === msg))).toBe(true);
}

describe('hostile input never reaches the database as a 5xx', () => {
  it.each([
    ['a string', '2', M.quantityWhole],
    ['a float', 1.5, M.quantityWhole],
    ['a negative number', -3, M.quantityAtLeastOne],
    ['1e9', 1e9, M.quantityTooLarge(999)],
    ['an array', [1], M.quantityWhole],
    ['an object', { $gt: 0 }, M.quantityWhole],
    ['true', true, M.quantityWhole],
    ['null', null, M.quantityAtLeastOne],
  ])('quantity as %s on add, update and remove', async (_label, quantity, message) => {
    expect400(await shopper.add({ productId: tee, size: 'M', quantity }), 'quantity', message);
    expect400(await shopper.update({ productId: tee, size: 'M', quantity }), 'quantity', message);
    expect400(await shopper.remove({ productId: tee, size: 'M', quantity }), 'quantity', message);
  });

  it.each([
    ['an array', ['M'], M.sizeRequired],
    ['a number', 42, M.sizeRequired],
    ['a NUL byte', 'M\u0000', M.sizeInvalid],
    ['a long string', 'M'.repeat(500), M.sizeInvalid],
  ])('size as %s', async (_label, size, message) => {
    expect400(await shopper.add({ productId: tee, size, quantity: 1 }), 'size', message);
  });

  it.each([
    ['an array', [tee]],
    ['a number', 7],
    ['an object', { $ne: null }],
    ['a NUL byte', `${tee}\u0000`],
    ['a long string', 'x'.repeat(5_000)],
  ])('productId as %s', async (_label, productId) => {
    expect400(await shopper.add({ productId, size: 'M', quantity: 1 }), 'productId');
  });

  it.each([
    ['a string', 'yes'],
    ['a number', 1],
  ])('removeAll as %s', async (_label, removeAll) => {
    expect400(await shopper.remove({ productId: tee, size: 'M', removeAll }), 'removeAll', M.removeAllFlag);
  });

  it.each([
    ['an array', [{ productId: tee, size: 'M', quantity: 1 }]],
    ['a string', 'add M'],
    ['a number', 5],
    ['null', null],
  ])('a body that is %s', async (_label, body) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: { ...authHeader(token), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(400);
  });

  it('malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: { ...authHeader(token), 'content-type': 'application/json' },
      payload: '{"productId": ',
    });
    expect(response.statusCode).toBe(400);
  });

  it('a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: { ...authHeader(token), 'content-type': 'text/plain' },
      payload: 'productId=1',
    });
    expect([400, 415]).toContain(response.statusCode);
  });

  it('a huge body answers 413', async () => {
    const response = await shopper.add({ productId: tee, size: 'M', quantity: 1, padding: 'x'.repeat(200_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('a huge sync answers 413 or 400, never 5xx', async () => {
    const items = Array.from({ length: 5_000 }, () => ({ productId: tee, size: 'M', quantity: 1 }));
    const response = await shopper.sync({ items });
    expect([400, 413]).toContain(response.statusCode);
  });

  it('a prototype-polluting key is ignored', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: { ...authHeader(token), 'content-type': 'application/json' },
      payload: `{"productId":"${tee}","size":"M","__proto__":{"quantity":900}}`,
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).quantity).toBeUndefined();
  });

  it('left the cart as it was', async () => {
    const response = await shopper.get();
    expect(response.statusCode).toBe(200);
    const quantities = response.json().cart.items.map((i: { quantity: number }) => i.quantity);
    expect(quantities.every((q: number) => q >= 1 && q <= 5)).toBe(true);
  });
});
