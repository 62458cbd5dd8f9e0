import { ACCOUNT_MESSAGES } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, paymentIntents, shopSettings, users } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, signUp } from '../../test/account-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, createTestClock, RELAXED_RATE_LIMITS, type TestApp } from '../../test/test-app.ts';
import { GUEST_CART_COOKIE } from './guest-cart-cookie.ts';

/** Decision 072: with guest checkout on, a visitor's cart lives under a signed cookie. */

let t: TestApp;
let tee: string;
let coat: string;

const NEW_CARTS_PER_IP = 6;
const limits = { ...RELAXED_RATE_LIMITS, guestCartsPerIp: { max: NEW_CARTS_PER_IP, windowMs: 60_000 } };

beforeAll(async () => {
  t = await createTestApp();
  [tee, coat] = (await insertProducts(t.database.db, [
    buildProduct({ priceCents: 2_500, sizes: [{ size: 'S', stock: 3 }] }),
    buildProduct({ priceCents: 9_000, sizes: [{ size: 'L', stock: 2 }] }),
  ])) as [string, string];
});

afterAll(async () => {
  await t.close();
});

async function setGuestCheckout(on: boolean) {
  await t.database.db
    .insert(shopSettings)
    .values({ id: 1, guestCheckout: on })
    .onConflictDoUpdate({ target: shopSettings.id, set: { guestCheckout: on } });
}

function call(method: 'GET' | 'POST' | 'DELETE', path: string, cookie?: string, payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url: `/api/cart${path}`,
    headers: cookie === undefined ? {} : { cookie: `${GUEST_CART_COOKIE}=${cookie}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

const cartCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === GUEST_CART_COOKIE);

async function guestCount() {
  return (await t.database.db.select({ id: users.id }).from(users).where(eq(users.guest, true))).length;
}

/** A guest with one tee in its cart: the cookie's value. */
async function newGuestCart(quantity = 1): Promise<string> {
  const added = await call('POST', '/add', undefined, { productId: tee, size: 'S', quantity });
  expect(added.statusCode, added.body).toBe(200);
  const cookie = cartCookieOf(added);
  expect(cookie).toBeDefined();
  return cookie?.value as string;
}

describe('guest carts with the setting off (the default)', () => {
  it('asks a visitor to log in exactly as before, and makes no cart', async () => {
    for (const response of [
      await call('GET', ''),
      await call('POST', '/add', undefined, { productId: tee, size: 'S', quantity: 1 }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.authenticationRequired);
      expect(cartCookieOf(response)).toBeUndefined();
    }
    expect(await guestCount()).toBe(0);
  });
});

describe('guest carts with the setting on', () => {
  beforeAll(async () => {
    await setGuestCheckout(true);
  });

  it('answers an empty cart to a visitor without a cart, and makes nothing', async () => {
    const before = await guestCount();
    const response = await call('GET', '');
    expect(response.statusCode).toBe(200);
    expect(response.json().cart).toMatchObject({ items: [], totalItems: 0, subtotal: 0 });
    expect(cartCookieOf(response)).toBeUndefined();
    expect(await guestCount()).toBe(before);
  });

  it('gives a cart and an httpOnly, SameSite=Strict cookie on the first change, priced from the database', async () => {
    const added = await call('POST', '/add', undefined, { productId: tee, size: 'S', quantity: 2, price: 0.01 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().cart).toMatchObject({ totalItems: 2, subtotal: 50 });
    const cookie = cartCookieOf(added);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: 30 * 24 * 60 * 60 });

    const read = await call('GET', '', cookie?.value);
    expect(
      read.json().cart.items.map((item: { productId: string; quantity: number }) => [item.productId, item.quantity]),
    ).toEqual([[tee, 2]]);
    expect(cartCookieOf(read)).toBeUndefined();
    const updated = await call('POST', '/update', cookie?.value, { productId: tee, size: 'S', quantity: 3 });
    expect(updated.json().cart.totalItems).toBe(3);
    const removed = await call('POST', '/remove', cookie?.value, { productId: tee, size: 'S', quantity: 3 });
    expect(removed.json().cart.totalItems).toBe(0);
  });

  it('keeps the stock rules of an account’s cart', async () => {
    const cookie = await newGuestCart(3);
    const over = await call('POST', '/add', cookie, { productId: tee, size: 'S', quantity: 1 });
    expect(over.statusCode).toBe(409);
    const invalid = await call('POST', '/add', cookie, { productId: tee, size: 'S', quantity: -1 });
    expect(invalid.statusCode).toBe(400);
    expect((await call('GET', '', cookie)).json().cart.totalItems).toBe(3);
  });

  it('keeps two guests’ carts apart', async () => {
    const first = await newGuestCart(1);
    const second = await newGuestCart(2);
    expect(first).not.toBe(second);
    expect((await call('GET', '', first)).json().cart.totalItems).toBe(1);
    expect((await call('GET', '', second)).json().cart.totalItems).toBe(2);
  });

  it.each([
    ['a forged signature', (value: string) => `${value.split('.')[0]}.${'A'.repeat(43)}`],
    ['no signature', (value: string) => value.split('.')[0] as string],
    ['three parts', (value: string) => `${value}.extra`],
    ['a very long value', () => 'x'.repeat(10_000)],
    ['an account id that is no uuid', () => "'; drop table users; --.abc"],
  ])('treats a cookie with %s as no cart: never another cart, never an error', async (_label, hostile) => {
    const genuine = await newGuestCart(2);
    const forged = hostile(genuine);
    const read = await call('GET', '', forged);
    expect(read.statusCode).toBe(200);
    expect(read.json().cart.totalItems).toBe(0);
    const added = await call('POST', '/add', forged, { productId: coat, size: 'L', quantity: 1 });
    expect(added.statusCode).toBe(200);
    expect(added.json().cart.totalItems).toBe(1);
    expect(cartCookieOf(added)?.value).not.toBe(genuine);
    expect((await call('GET', '', genuine)).json().cart.totalItems).toBe(2);
  });

  it('still refuses a bad token rather than falling back to the guest cart', async () => {
    const cookie = await newGuestCart(1);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { ...authHeader('not-a-token'), cookie: `${GUEST_CART_COOKIE}=${cookie}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('merges the guest cart into the account at sign-in, once, and clears the cookie', async () => {
    const cookie = await newGuestCart(2);
    await call('POST', '/add', cookie, { productId: coat, size: 'L', quantity: 1 });
    const shopper = await signUp(t.app);
    const sync = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/sync',
        headers: { ...authHeader(shopper.accessToken), cookie: `${GUEST_CART_COOKIE}=${cookie}` },
        payload: { items: [] },
      });
    const merged = await sync();
    expect(merged.statusCode, merged.body).toBe(200);
    expect(
      merged.json().cart.items.map((item: { productId: string; quantity: number }) => [item.productId, item.quantity]),
    ).toEqual([
      [tee, 2],
      [coat, 1],
    ]);
    expect(cartCookieOf(merged)).toMatchObject({ value: '', path: '/api' });
    expect((await call('GET', '', cookie)).json().cart.totalItems).toBe(0);
    // A second merge (another tab, a retry) finds the guest cart empty and adds nothing.
    expect((await sync()).json().cart.totalItems).toBe(3);
  });

  it('needs an account to merge into', async () => {
    const cookie = await newGuestCart(1);
    const response = await call('POST', '/sync', cookie, { items: [] });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.authenticationRequired);
  });

  it('lets nobody sign in as a guest’s cart account', async () => {
    await newGuestCart(1);
    const [guest] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.guest, true))
      .limit(1);
    for (const password of ['', 'Sup3r-secret!']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: guest?.email, password },
      });
      expect([400, 401]).toContain(response.statusCode);
      expect(response.json().success).toBe(false);
    }
  });

  it('asks a guest with a cart to log in again once the owner turns the setting off', async () => {
    const cookie = await newGuestCart(1);
    await setGuestCheckout(false);
    try {
      const response = await call('GET', '', cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.authenticationRequired);
    } finally {
      await setGuestCheckout(true);
    }
  });
});

describe('new guest carts from one address', () => {
  it('are limited per hour; a guest with a cart is not', async () => {
    const app = await createTestApp({}, { rateLimits: { limits } });
    try {
      await app.database.db
        .insert(shopSettings)
        .values({ id: 1, guestCheckout: true })
        .onConflictDoUpdate({ target: shopSettings.id, set: { guestCheckout: true } });
      const [productId] = (await insertProducts(app.database.db, [
        buildProduct({ sizes: [{ size: 'S', stock: 50 }] }),
      ])) as [string];
      const add = (cookie?: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/cart/add',
          headers: cookie ? { cookie: `${GUEST_CART_COOKIE}=${cookie}` } : {},
          payload: { productId, size: 'S', quantity: 1 },
        });
      const first = await add();
      const cookie = cartCookieOf(first)?.value;
      for (let made = 1; made < NEW_CARTS_PER_IP; made += 1) expect((await add()).statusCode).toBe(200);
      const refused = await add();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await add(cookie)).statusCode).toBe(200);
      const lines = await app.database.db.select().from(cartItems);
      expect(lines).toHaveLength(NEW_CARTS_PER_IP);
    } finally {
      await app.close();
    }
  });
});

describe('abandoned guest accounts', () => {
  it('are removed by the next new guest once their cookie has expired, unless they paid', async () => {
    const clock = createTestClock();
    const app = await createTestApp({}, { clock });
    try {
      const { db } = app.database;
      await db
        .insert(shopSettings)
        .values({ id: 1, guestCheckout: true })
        .onConflictDoUpdate({ target: shopSettings.id, set: { guestCheckout: true } });
      const [productId] = (await insertProducts(db, [buildProduct({ sizes: [{ size: 'S', stock: 50 }] })])) as [string];
      const newGuest = async () => {
        const added = await app.app.inject({
          method: 'POST',
          url: '/api/cart/add',
          payload: { productId, size: 'S', quantity: 1 },
        });
        expect(added.statusCode, added.body).toBe(200);
        const cookie = cartCookieOf(added)?.value as string;
        const [guest] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, cookie.split('.')[0] as string));
        return guest?.id as string;
      };
      const abandoned = await newGuest();
      const paid = await newGuest();
      await db.insert(paymentIntents).values({
        id: 'pi_guest_paid',
        provider: 'test',
        userId: paid,
        amountCents: 2_500,
        subtotalCents: 2_500,
        taxCents: 0,
        cartSnapshot: [],
        shippingInfo: {},
        status: 'succeeded',
      });
      clock.advance(29 * 24 * 60 * 60 * 1000);
      const recent = await newGuest();
      const ids = async () =>
        (await db.select({ id: users.id }).from(users).where(eq(users.guest, true))).map((row) => row.id);
      expect(await ids()).toEqual(expect.arrayContaining([abandoned, paid, recent]));

      clock.advance(2 * 24 * 60 * 60 * 1000);
      const latest = await newGuest();
      const left = await ids();
      expect(left).not.toContain(abandoned);
      expect(left).toEqual(expect.arrayContaining([paid, recent, latest]));
      expect(await db.select().from(cartItems).where(eq(cartItems.userId, abandoned))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
