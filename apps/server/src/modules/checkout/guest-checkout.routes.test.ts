import {
  ACCOUNT_MESSAGES,
  CHECKOUT_MESSAGES,
  GUEST_CHECKOUT_MESSAGES as G,
  type Order,
  type OrderLookupAnswer,
} from '@shopper/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSettings, users } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, linkTokenMailedTo, logIn, mailsTo, signUp, uniqueEmail } from '../../test/account-factory.ts';
import { payWithCard, SHIPPING, verifiedShopper } from '../../test/checkout-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, RELAXED_RATE_LIMITS, type TestApp } from '../../test/test-app.ts';
import { GUEST_CART_COOKIE } from '../cart/index.ts';

/** docs/product.md#guest-checkout and decision 073: paying, reading and finding an order without an account. */

let t: TestApp;
let tee: string;
const PUBLIC_URL = 'https://shop.example';
const LOOKUPS_PER_EMAIL = 4;

beforeAll(async () => {
  t = await createTestApp(
    { PUBLIC_URL },
    {
      rateLimits: {
        limits: { ...RELAXED_RATE_LIMITS, orderLookupsPerAccount: { max: LOOKUPS_PER_EMAIL, windowMs: 60_000 } },
      },
    },
  );
  [tee] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Guest Tee', priceCents: 2_500, sizes: [{ size: 'M', stock: 40 }] }),
  ])) as [string];
  await setGuestCheckout(true);
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

const cookieHeader = (cookie: string | undefined) =>
  cookie === undefined ? {} : { cookie: `${GUEST_CART_COOKIE}=${cookie}` };

function asGuest(method: 'GET' | 'POST', url: string, cookie?: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: cookieHeader(cookie), ...(payload === undefined ? {} : { payload }) });
}

/** A guest with two tees in the cart: the cookie's value. */
async function guestWithCart(): Promise<string> {
  const added = await asGuest('POST', '/api/cart/add', undefined, { productId: tee, size: 'M', quantity: 2 });
  expect(added.statusCode, added.body).toBe(200);
  const cookie = added.cookies.find((c) => c.name === GUEST_CART_COOKIE)?.value;
  expect(cookie).toBeDefined();
  return cookie as string;
}

/** The guest pays for the cart with `email` and the test card: the written order. */
async function guestBuys(email: string): Promise<{ cookie: string; order: Order }> {
  const cookie = await guestWithCart();
  const intent = await asGuest('POST', '/api/payment/create-payment-intent', cookie, { shippingInfo: SHIPPING, email });
  expect(intent.statusCode, intent.body).toBe(200);
  await payWithCard(t.app, intent.json());
  const confirmed = await asGuest('POST', '/api/payment/confirm-order', cookie, {
    paymentIntentId: intent.json().paymentIntentId,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { cookie, order: confirmed.json<{ order: Order }>().order };
}

const lookup = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/payment/order-lookup', payload });

const messageOf = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;

describe('GET /api/payment/config', () => {
  it('tells the storefront whether guests may check out', async () => {
    expect((await asGuest('GET', '/api/payment/config')).json()).toMatchObject({ guestCheckout: true });
    await setGuestCheckout(false);
    expect((await asGuest('GET', '/api/payment/config')).json()).toMatchObject({ guestCheckout: false });
    await setGuestCheckout(true);
  });
});

describe('a guest pays', () => {
  it('prices the guest’s cart, with the same amounts an account gets', async () => {
    const cookie = await guestWithCart();
    const summary = await asGuest('GET', '/api/payment/cart-summary?country=US&state=IL', cookie);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ success: true, subtotal: 50 });
  });

  it('writes the order, mails the address given, with a link that opens the order without an account', async () => {
    const email = uniqueEmail('guest');
    const { order } = await guestBuys(email);
    expect(order).toMatchObject({ orderStatus: 'Processing', itemsPrice: 50 });
    const [mail] = await mailsTo(t.database, email);
    expect(mail?.subject).toContain(order.orderNumber);
    const link = new RegExp(`${PUBLIC_URL}/order-confirmation/${order._id}\\?key=([\\w-]+)`).exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const opened = await asGuest('GET', `/api/payment/order/${order._id}?key=${link?.[1]}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().order.orderNumber).toBe(order.orderNumber);
    // The guest's account greets them by the name they shipped to, and still cannot sign in.
    const [guest] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(guest).toMatchObject({ guest: true, name: SHIPPING.name });
  });

  it('lets the paying browser read its order by its cookie, and nobody else', async () => {
    const { cookie, order } = await guestBuys(uniqueEmail('guest'));
    const mine = await asGuest('GET', `/api/payment/order/${order._id}`, cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    const byPayment = await asGuest('GET', `/api/payment/order-by-payment/${order.paymentIntentId}`, cookie);
    expect(byPayment.json().order._id).toBe(order._id);

    const stranger = await asGuest('GET', `/api/payment/order/${order._id}`);
    expect(stranger.statusCode).toBe(401);
    const otherGuest = await asGuest('GET', `/api/payment/order/${order._id}`, await guestWithCart());
    expect(otherGuest.statusCode).toBe(404);
    const account = await verifiedShopper(t.app, t.database);
    const someoneElse = await t.app.inject({
      method: 'GET',
      url: `/api/payment/order/${order._id}`,
      headers: authHeader(account.accessToken),
    });
    expect(someoneElse.statusCode).toBe(404);
  });

  it('refuses a key that is not the order’s, and a key of another order', async () => {
    const { order } = await guestBuys(uniqueEmail('guest'));
    const { order: other } = await guestBuys(uniqueEmail('guest'));
    const otherKey = (
      await lookup({ email: (await emailOf(other)) ?? '', orderNumber: other.orderNumber })
    ).json<OrderLookupAnswer>().accessKey;
    for (const key of ['nope', otherKey, 'A'.repeat(43), '', '..%2F..']) {
      const response = await asGuest('GET', `/api/payment/order/${order._id}?key=${key}`);
      expect(response.statusCode, key).toBe(404);
      expect(messageOf(response)).toBe(G.accessKeyInvalid);
    }
    for (const hostile of ['k'.repeat(500), '%00', 'a&key=b']) {
      const response = await asGuest('GET', `/api/payment/order/${order._id}?key=${hostile}`);
      expect(response.statusCode, hostile).toBe(400);
    }
  });

  it('asks a guest for an email, refuses a bad one, and keeps cards for accounts only', async () => {
    const cookie = await guestWithCart();
    const pay = (body: Record<string, unknown>) =>
      asGuest('POST', '/api/payment/create-payment-intent', cookie, { shippingInfo: SHIPPING, ...body });
    const missing = await pay({});
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toBe(G.emailRequired);
    const bad = await pay({ email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toBe(ACCOUNT_MESSAGES.emailInvalid);
    const keep = await pay({ email: uniqueEmail('guest'), saveCard: true });
    expect(keep.statusCode).toBe(400);
    expect(messageOf(keep)).toBe(G.saveCardNeedsAccount);
  });

  it('tells a guest without a cart that it is empty', async () => {
    const response = await asGuest('POST', '/api/payment/create-payment-intent', undefined, {
      shippingInfo: SHIPPING,
      email: uniqueEmail('guest'),
    });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(CHECKOUT_MESSAGES.cartEmpty);
  });

  it('with the setting off, asks a visitor to log in exactly as before', async () => {
    const cookie = await guestWithCart();
    await setGuestCheckout(false);
    try {
      for (const response of [
        await asGuest('GET', '/api/payment/cart-summary', cookie),
        await asGuest('POST', '/api/payment/create-payment-intent', cookie, {
          shippingInfo: SHIPPING,
          email: uniqueEmail('guest'),
        }),
        await asGuest('POST', '/api/payment/confirm-order', cookie, { paymentIntentId: 'pi_test_x' }),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(messageOf(response)).toBe(ACCOUNT_MESSAGES.authenticationRequired);
      }
    } finally {
      await setGuestCheckout(true);
    }
  });

  it('still asks an account to verify its address before paying', async () => {
    const account = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: authHeader(account.accessToken),
      payload: { shippingInfo: SHIPPING },
    });
    expect(response.statusCode).toBe(403);
    expect(messageOf(response)).toBe(ACCOUNT_MESSAGES.emailVerificationRequired);
  });
});

async function emailOf(order: Order): Promise<string | undefined> {
  const [row] = await t.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, (await ownerOf(order)) ?? ''));
  return row?.email;
}

async function ownerOf(order: Order): Promise<string | undefined> {
  const { orders } = await import('../../db/schema.ts');
  const [row] = await t.database.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, order._id));
  return row?.userId;
}

describe('POST /api/payment/order-lookup', () => {
  it('finds a guest’s order by its email, in any case, and answers the key to its page', async () => {
    const email = uniqueEmail('lookup');
    const { order } = await guestBuys(email);
    const found = await lookup({ email: email.toUpperCase(), orderNumber: ` ${order.orderNumber.toLowerCase()} ` });
    expect(found.statusCode, found.body).toBe(200);
    const answer = found.json<OrderLookupAnswer>();
    expect(answer.order._id).toBe(order._id);
    const opened = await asGuest('GET', `/api/payment/order/${order._id}?key=${answer.accessKey}`);
    expect(opened.statusCode).toBe(200);
  });

  it('answers the same 404 for a wrong email, an unknown number and an account’s order', async () => {
    const email = uniqueEmail('lookup');
    const { order } = await guestBuys(email);
    const account = await verifiedShopper(t.app, t.database);
    const answers = [
      await lookup({ email: uniqueEmail('other'), orderNumber: order.orderNumber }),
      await lookup({ email, orderNumber: 'SH-999999999' }),
      await lookup({ email: account.email, orderNumber: order.orderNumber }),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(answers[0]?.json());
      expect(messageOf(response)).toBe(G.lookupNotFound);
    }
  });

  it('says what is wrong with the input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: uniqueEmail(), orderNumber: '' }, G.orderNumberRequired],
      [{ email: uniqueEmail() }, G.orderNumberRequired],
      [{ email: uniqueEmail(), orderNumber: '1234' }, G.orderNumberInvalid],
      [{ email: uniqueEmail(), orderNumber: "SH-1' or 1=1" }, G.orderNumberInvalid],
      [{ email: uniqueEmail(), orderNumber: 'SH-'.padEnd(300, '1') }, G.orderNumberInvalid],
      [{ orderNumber: 'SH-1001' }, ACCOUNT_MESSAGES.emailRequired],
      [{ email: 'nobody', orderNumber: 'SH-1001' }, ACCOUNT_MESSAGES.emailInvalid],
    ];
    for (const [payload, message] of cases) {
      const response = await lookup(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(messageOf(response)).toBe(message);
    }
  });

  it('slows guessing down: a few tries per email, then 429', async () => {
    const email = uniqueEmail('guessed');
    const tries = [];
    for (let i = 0; i <= LOOKUPS_PER_EMAIL; i += 1) tries.push(await lookup({ email, orderNumber: `SH-${i + 1}` }));
    expect(tries.slice(0, LOOKUPS_PER_EMAIL).map((r) => r.statusCode)).toEqual(Array(LOOKUPS_PER_EMAIL).fill(404));
    expect(tries.at(-1)?.statusCode).toBe(429);
  });
});

describe('a guest creates an account', () => {
  it('gets the guest orders of the address once it is verified, and the guest link keeps working', async () => {
    const email = uniqueEmail('later');
    const { cookie, order } = await guestBuys(email);
    const account = await signUp(t.app, { email });
    const history = () =>
      t.app.inject({ method: 'GET', url: '/api/payment/my-orders', headers: authHeader(account.accessToken) });
    expect((await history()).json().orders).toEqual([]);

    const token = await linkTokenMailedTo(t.database, email, 'verify-email');
    const verified = await t.app.inject({ method: 'GET', url: `/api/users/verify-email/${token}` });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await history()).json().orders.map((o: Order) => o._id)).toEqual([order._id]);
    // The order is the account's now: the guest cookie no longer reads it; its mailed key still does.
    expect((await asGuest('GET', `/api/payment/order/${order._id}`, cookie)).statusCode).toBe(404);
    const key = (await lookup({ email, orderNumber: order.orderNumber })).statusCode;
    expect(key).toBe(404);
  });

  it('a verified account signing in gets orders it placed as a guest meanwhile', async () => {
    const account = await verifiedShopper(t.app, t.database);
    const { order } = await guestBuys(account.email);
    const again = await logIn(t.app, account.email, account.password);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/payment/my-orders',
      headers: authHeader(again.accessToken),
    });
    expect(history.json().orders.map((o: Order) => o._id)).toContain(order._id);
  });

  it('an address used by guests can sign up, and a guest can use an account’s address', async () => {
    const email = uniqueEmail('shared');
    await guestBuys(email);
    await guestBuys(email);
    const account = await signUp(t.app, { email });
    expect(account.userId).toBeDefined();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: account.password },
    });
    expect(login.json().user.id).toBe(account.userId);
  });
});
