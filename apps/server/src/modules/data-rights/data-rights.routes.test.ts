import { CustomerDataExportSchema, DATA_RIGHTS_MESSAGES, FORMER_CUSTOMER } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { backInStockRequests, returnRequestItems, returnRequests, savedItems } from '../../db/after-purchase-schema.ts';
import { auditLog, orderItems, orders, reviews, users } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, markVerified, refreshCookieOf, signUp, type TestAccount } from '../../test/account-factory.ts';
import { confirmOrder, createIntent, payWithCard, putInCart, saveCard } from '../../test/checkout-factory.ts';
import { buildProduct, firstColourId } from '../../test/product-factory.ts';
import { REFRESH_COOKIE } from '../../plugins/refresh-cookie.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
  [productId] = (await insertProducts(t.database.db, [buildProduct({ sizes: [{ size: 'M', stock: 50 }] })])) as [
    string,
  ];
});
afterAll(async () => await t.close());

/** Values no other row of the test database holds, so finding one anywhere is a leak. */
function person(tag: string) {
  const suffix = `${tag}${Date.now().toString(36)}`;
  return {
    // Names are letters only, at most 30 characters.
    name: `Quilla ${Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`,
    email: `quilla.${suffix}@example.com`,
    phone: `+1 555 0${Math.floor(100 + Math.random() * 899)} ${Math.floor(1000 + Math.random() * 8999)}`,
    street: `9931 Marzipan Close ${suffix}`,
    /** A second entry of the address book, kept nowhere else. */
    bookStreet: `17 Quince Yard ${suffix}`,
  };
}

type Person = ReturnType<typeof person>;

/**
 * A customer with everything the shop can hold: profile address, an address book of two, an order,
 * a review, a saved card, the newsletter, a cart.
 */
async function fullCustomer(who: Person): Promise<TestAccount> {
  const account = await signUp(t.app, { email: who.email, username: who.name });
  await markVerified(t.database, account.userId);
  await t.database.db
    .update(users)
    .set({
      phone: who.phone,
      addressStreet: who.street,
      addressCity: 'Brightwater',
      addressZip: '40404',
      addressCountry: 'US',
    })
    .where(eq(users.id, account.userId));
  const book = { name: who.name, phone: who.phone, city: 'Brightwater', state: 'OR', zip: '97001', country: 'US' };
  for (const entry of [
    { ...book, label: 'Home', street: who.street },
    { ...book, label: 'Work', street: who.bookStreet },
  ]) {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: authHeader(account.accessToken),
      payload: entry,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  await putInCart(t.database, account.userId, productId, 'M', 2);
  const shippingInfo = {
    name: who.name,
    phoneNumber: who.phone,
    shippingMethod: 'standard',
    shippingAddress: { street: who.street, city: 'Brightwater', state: 'OR', country: 'US', zip: '97001' },
  };
  const intent = await createIntent(t.app, account.accessToken, { shippingInfo });
  expect(intent.statusCode, intent.body).toBe(200);
  const card = await payWithCard(t.app, intent.json());
  const confirmed = await confirmOrder(t.app, account.accessToken, intent.json().paymentIntentId);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect((await saveCard(t.app, account.accessToken, card.paymentMethod?.id ?? '')).statusCode).toBe(200);
  await t.database.db.insert(reviews).values({
    productId,
    userId: account.userId,
    authorName: who.name,
    rating: 5,
    content: 'Fits well and washes well.',
  });
  await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: who.email } });
  await putInCart(t.database, account.userId, productId, 'M', 1);
  // After the purchase: a return in their own words (staff quoting them), and a saved item.
  const colourId = await firstColourId(t.database.db, productId);
  const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, account.userId));
  const [item] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
  const [returned] = await t.database.db
    .insert(returnRequests)
    .values({
      returnNumber: `RT-T${Math.floor(Math.random() * 1e9)}`,
      orderId: order!.id,
      userId: account.userId,
      reason: `Too big for ${who.name}, call ${who.phone}`,
      staffMessage: `Approved for ${who.name}`,
    })
    .returning();
  await t.database.db.insert(returnRequestItems).values({ returnId: returned!.id, orderItemId: item!.id, quantity: 1 });
  await t.database.db.insert(savedItems).values({ userId: account.userId, productId, colourId, size: 'M' });
  // "Notify me when it's back": one asked signed in, one asked as a guest with the same address.
  await t.database.db.insert(backInStockRequests).values([
    { email: who.email, userId: account.userId, productId, colourId, size: 'M', status: 'waiting' },
    { email: who.email, productId, colourId, size: 'S', status: 'pending', confirmTokenHash: `h-${who.email}` },
  ]);
  return account;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** Every table of the shop whose rows, as JSON text, still contain one of the values: [table, value]. */
async function leaks(database: DatabaseHandle, values: string[]): Promise<{ tables: string[]; found: string[] }> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      `select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    ),
  ).map((row) => row.name);
  const found: string[] = [];
  for (const table of tables) {
    const rows = rowsOf<{ row: string }>(
      await database.db.execute(`select to_jsonb(t)::text as row from "${table.replaceAll('"', '""')}" t`),
    );
    for (const value of values) {
      const needle = JSON.stringify(value.toLowerCase()).slice(1, -1);
      if (rows.some(({ row }) => row.toLowerCase().includes(needle))) found.push(`${table}: ${value}`);
    }
  }
  return { tables, found };
}

/** The back office's figures (sales, counts, lists of orders), without the customers' names the lists show. */
async function figures(): Promise<unknown> {
  const home = await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: cast.owner.headers });
  expect(home.statusCode, home.body).toBe(200);
  return JSON.parse(home.body, (key, value: unknown) => (key === 'customer' ? undefined : value));
}

describe('a customer’s data rights', () => {
  it('exports everything the shop holds about the signed-in customer as a JSON download', async () => {
    const who = person('export');
    const account = await fullCustomer(who);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/data' })).statusCode).toBe(401);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/data',
      headers: authHeader(account.accessToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="shopper-my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = CustomerDataExportSchema.parse(response.json());
    expect(data.profile).toMatchObject({ email: who.email, name: who.name, phone: who.phone });
    expect(data.addresses.map((address) => address.source)).toEqual([
      'profile',
      'address-book',
      'address-book',
      'order',
    ]);
    expect(data.addresses[1]).toMatchObject({ label: 'Home', isDefault: true, name: who.name, street: who.street });
    expect(data.addresses[2]).toMatchObject({
      label: 'Work',
      isDefault: false,
      phone: who.phone,
      street: who.bookStreet,
    });
    expect(data.addresses[3]).toMatchObject({ name: who.name, street: who.street, phone: who.phone });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ shippingName: who.name, items: [expect.objectContaining({ quantity: 2 })] });
    expect(data.reviews).toEqual([expect.objectContaining({ rating: 5, authorName: who.name })]);
    expect(data.newsletter).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(data.savedItems.cart).toEqual([expect.objectContaining({ quantity: 1, size: 'M' })]);
    expect(data.savedItems.savedCards).toHaveLength(1);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.returns).toEqual([
      expect.objectContaining({
        reason: `Too big for ${who.name}, call ${who.phone}`,
        items: [expect.objectContaining({ quantity: 1 })],
      }),
    ]);
    expect(data.wishlist).toEqual([expect.objectContaining({ productId, size: 'M' })]);
    expect(data.backInStock).toHaveLength(2);
    expect(data.backInStock).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId, size: 'M', status: 'waiting', notifiedAt: null }),
        expect.objectContaining({ productId, size: 'S', status: 'pending' }),
      ]),
    );
    expect(response.body).not.toContain('passwordHash');
    expect(response.body).not.toContain('$argon2');
  });

  it('erases the account after the password: sessions end at once, no table keeps the person, the figures stay', async () => {
    const who = person('erase');
    const account = await fullCustomer(who);
    const before = await figures();
    const erase = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/erase',
        headers: authHeader(account.accessToken),
        payload: { password },
      });

    const refused = await erase('not-my-password');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ param: 'password', msg: 'Password is incorrect' });
    const empty = await erase('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({ param: 'password', msg: DATA_RIGHTS_MESSAGES.erasePasswordRequired });

    const done = await erase(account.password);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(DATA_RIGHTS_MESSAGES.erased);

    // Sessions end at once: the access token and the refresh cookie are both dead.
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: authHeader(account.accessToken) });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/users/refresh-token',
      cookies: { [REFRESH_COOKIE]: account.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect(refreshCookieOf(refresh) ?? '').toBe('');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: who.email, password: account.password },
    });
    expect(login.statusCode).toBe(401);

    const { tables, found } = await leaks(t.database, [who.email, who.name, who.phone, who.street, who.bookStreet]);
    expect(found).toEqual([]);
    // The scan read every table of the shop, this module's own included.
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'saved_addresses',
        'orders',
        'payment_intents',
        'mail_outbox',
        'audit_log',
        'reviews',
        'sessions',
        'newsletter_subscriptions',
        'store_pages',
        'return_requests',
        'saved_items',
        'back_in_stock_requests',
      ]),
    );

    expect(await figures()).toEqual(before);
    const [review] = await t.database.db.select().from(reviews).where(eq(reviews.userId, account.userId));
    expect(review).toMatchObject({ authorName: FORMER_CUSTOMER, rating: 5 });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'customer.erase-own'));
    expect(audit).toMatchObject({ entityId: account.userId, after: { orders: 1, reviews: 1, reviewPolicy: 'keep' } });

    const again = await erase(account.password);
    expect(again.statusCode).toBe(401);
  });

  it('staff export and erase a customer who asked by mail, each audited; only staff may', async () => {
    const who = person('staff');
    const account = await fullCustomer(who);
    const exportRequest = { method: 'GET' as const, url: `/api/admin/customers/${account.userId}/data` };
    const eraseRequest = { method: 'POST' as const, url: `/api/admin/customers/${account.userId}/erase` };
    expect(await guardAnswers(t.app, cast, exportRequest, 'staff')).toEqual({ guest: 401, customer: 403 });
    expect(await guardAnswers(t.app, cast, eraseRequest, 'staff')).toEqual({ guest: 401, customer: 403 });

    const exported = await t.app.inject({ ...exportRequest, headers: cast.staff.headers });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().profile.email).toBe(who.email);

    const before = await figures();
    const erased = await t.app.inject({ ...eraseRequest, headers: cast.staff.headers });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().message).toBe(DATA_RIGHTS_MESSAGES.staffErased);
    expect((await leaks(t.database, [who.email, who.name, who.phone, who.street, who.bookStreet])).found).toEqual([]);
    expect(await figures()).toEqual(before);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, account.userId));
    expect(audits.map((row) => [row.action, row.actorId])).toEqual(
      expect.arrayContaining([
        ['customer.export', cast.staff.userId],
        ['customer.erase', cast.staff.userId],
      ]),
    );
    const twice = await t.app.inject({ ...eraseRequest, headers: cast.staff.headers });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(DATA_RIGHTS_MESSAGES.alreadyErased);
  });

  it('refuses to erase staff, and answers 404 and 400 for unknown and malformed ids', async () => {
    const staffErase = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${cast.staff.userId}/erase`,
      headers: cast.owner.headers,
    });
    expect(staffErase.statusCode).toBe(409);
    expect(staffErase.json().message).toBe(DATA_RIGHTS_MESSAGES.onlyCustomers);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/customers/00000000-0000-4000-8000-000000000000/data',
      headers: cast.staff.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/customers/nope/erase',
      headers: cast.staff.headers,
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe("when the owner's setting says to remove them", () => {
  const setErasedReviews = async (erasedReviews: 'keep' | 'remove') => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: cast.owner.headers,
      payload: { lowStockThreshold: 5, erasedReviews },
    });
    expect(saved.json().settings.erasedReviews).toBe(erasedReviews);
  };

  it('removes the erased customer’s reviews, reading the setting at the erasure', async () => {
    await setErasedReviews('remove');
    try {
      const account = await signUp(t.app);
      await t.database.db
        .insert(reviews)
        .values({ productId, userId: account.userId, authorName: 'Pat', rating: 2, content: 'Meh.' });
      const done = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/erase',
        headers: authHeader(account.accessToken),
        payload: { password: account.password },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(await t.database.db.select().from(reviews).where(eq(reviews.userId, account.userId))).toEqual([]);
      const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, account.userId));
      expect(audits.at(-1)?.after).toMatchObject({ reviews: 1, reviewPolicy: 'remove' });
    } finally {
      await setErasedReviews('keep');
    }
  });
});
