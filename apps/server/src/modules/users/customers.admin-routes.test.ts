import {
  ACCOUNT_MESSAGES,
  ADMIN_CUSTOMER_SORTS,
  ADMIN_MESSAGES as M,
  type AdminCustomer,
  type AdminCustomerSummary,
} from '@shopper/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, sessions, users } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, logIn, PASSWORD, signUp, type TestAccount, uniqueEmail } from '../../test/account-factory.ts';
import { verifiedShopper } from '../../test/checkout-factory.ts';
import { placeOrder } from '../../test/order-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers, signUpStaff } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { REFRESH_COOKIE } from '../../plugins/refresh-cookie.ts';

let t: TestApp;
let cast: BackOfficeCast;
let productId: string;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
  [productId] = (await insertProducts(t.database.db, [
    buildProduct({ priceCents: 2_000, sizes: [{ size: 'M', stock: 50 }] }),
  ])) as [string];
});
afterAll(async () => await t.close());

const get = (url: string, headers = cast.staff.headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object, headers = cast.staff.headers) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: PASSWORD } });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/refresh-token', cookies: { [REFRESH_COOKIE]: token } });

async function list(query: string): Promise<{ items: AdminCustomerSummary[]; total: number }> {
  const response = await get(`/api/admin/customers?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function detail(id: string): Promise<AdminCustomer> {
  const response = await get(`/api/admin/customers/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ customer: AdminCustomer }>().customer;
}

describe('/api/admin/customers guard', () => {
  it.each([
    ['GET', '/api/admin/customers'],
    ['GET', `/api/admin/customers/${UNKNOWN}`],
    ['POST', `/api/admin/customers/${UNKNOWN}/disable`],
    ['POST', `/api/admin/customers/${UNKNOWN}/enable`],
  ] as const)('%s %s: guest 401, customer 403', async (method, url) => {
    expect(await guardAnswers(t.app, cast, { method, url, payload: { reason: 'Fraud' } }, 'staff')).toEqual({
      guest: 401,
      customer: 403,
    });
  });
});

describe('list', () => {
  let zed: TestAccount;
  let amy: TestAccount;

  beforeAll(async () => {
    zed = await signUp(t.app, { email: uniqueEmail('listcase'), username: 'Zed Quarry' });
    amy = await signUp(t.app, { email: uniqueEmail('listcase'), username: 'amy Quarry' });
  });

  it('searches email and name, sorts by name without regard to case, and pages', async () => {
    const byEmail = await list(`q=${encodeURIComponent(zed.email.toUpperCase())}`);
    expect(byEmail.items.map((c) => c.id)).toEqual([zed.userId]);
    expect(byEmail.items[0]).toMatchObject({
      email: zed.email,
      name: 'Zed Quarry',
      role: 'customer',
      status: 'unverified',
      orderCount: 0,
      lifetimeSpend: 0,
      lastOrderAt: null,
    });
    const byName = await list('q=quarry&sort=name&dir=asc');
    expect(byName.items.map((c) => c.name)).toEqual(['amy Quarry', 'Zed Quarry']);
    expect(byName.total).toBe(2);
    const second = await list('q=quarry&sort=name&dir=asc&pageSize=1&page=2');
    expect(second).toMatchObject({ total: 2, items: [{ id: zed.userId }] });
    expect((await list('q=quarry&sort=email&dir=desc')).items).toHaveLength(2);
    expect((await list(`q=${amy.email}&status=unverified`)).total).toBe(1);
    expect((await list(`q=${amy.email}&status=active`)).total).toBe(0);
  });

  it.each(['%', '_', '\\', "' or 1=1 --", "'); drop table users; --", '%%%_\\%', '😀 ünïcode', '<script>'])(
    'treats hostile search text %j as literal text',
    async (q) => {
      const answer = await list(`q=${encodeURIComponent(q)}`);
      expect(answer.total).toBe(0);
      expect(answer.items).toEqual([]);
    },
  );

  it.each([
    ['q', 'x'.repeat(101), M.searchTooLong],
    ['q', 'a\u0000b', M.searchTooLong],
    ['sort', 'password', M.sortInvalid(ADMIN_CUSTOMER_SORTS)],
    ['dir', 'sideways', M.dirInvalid],
    ['page', '0', M.pageInvalid],
    ['pageSize', '101', M.pageSizeInvalid],
    ['status', 'banned', M.customerStatusInvalid],
  ])('refuses %s=%j with its message', async (key, value, message) => {
    const response = await get(`/api/admin/customers?${key}=${encodeURIComponent(value)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });
});

describe('figures', () => {
  let big: TestAccount;
  let small: TestAccount;

  beforeAll(async () => {
    big = await verifiedShopper(t.app, t.database);
    small = await verifiedShopper(t.app, t.database);
    await placeOrder(t.app, t.database, big, { productId, size: 'M', quantity: 1 });
    await placeOrder(t.app, t.database, big, { productId, size: 'M', quantity: 3 });
    const cancelled = await placeOrder(t.app, t.database, big, { productId, size: 'M', quantity: 2 });
    expect((await post(`/api/admin/orders/${cancelled.id}/cancel`)).statusCode).toBe(200);
    await placeOrder(t.app, t.database, small, { productId, size: 'M', quantity: 2 });
  });

  it('counts orders and spend net of refunds, in the detail and the list', async () => {
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, big.userId))
      .orderBy(desc(orders.createdAt));
    const gross = rows.reduce((total, o) => total + o.totalCents, 0);
    const refunded = rows.reduce((total, o) => total + o.refundedCents, 0);
    expect(refunded).toBeGreaterThan(0);

    const customer = await detail(big.userId);
    expect(customer).toMatchObject({
      id: big.userId,
      email: big.email,
      status: 'active',
      isEmailVerified: true,
      orderCount: 3,
      grossSpend: gross / 100,
      refunded: refunded / 100,
      lifetimeSpend: (gross - refunded) / 100,
      averageOrder: Math.round((gross - refunded) / 3) / 100,
      lastOrderAt: rows[0]?.createdAt.toISOString(),
      firstOrderAt: rows.at(-1)?.createdAt.toISOString(),
      disabledAt: null,
      disabledReason: null,
    });
    const [row] = (await list(`q=${big.email}`)).items;
    expect(row).toMatchObject({ orderCount: 3, lifetimeSpend: (gross - refunded) / 100 });
  });

  it('sorts by lifetime spend and by order count in SQL', async () => {
    const both = (await detail(small.userId)).lifetimeSpend;
    expect(both).toBeGreaterThan(0);
    const bySpend = await list('sort=lifetimeSpend&dir=desc&pageSize=100');
    const ids = bySpend.items.map((c) => c.id);
    // big: 1 + 3 kept; small: 2 kept.
    expect(ids.indexOf(big.userId)).toBeLessThan(ids.indexOf(small.userId));
    const spends = bySpend.items.map((c) => c.lifetimeSpend);
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
    const byOrders = (await list('sort=orderCount&dir=asc&pageSize=100')).items.map((c) => c.orderCount);
    expect(byOrders).toEqual([...byOrders].sort((a, b) => a - b));
    expect(byOrders.at(-1)).toBe(3);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await get(`/api/admin/customers/${UNKNOWN}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.customerNotFound);
    const malformed = await get("/api/admin/customers/1'%20or%201=1");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(M.idInvalid);
  });
});

describe('disable and re-enable', () => {
  it.each([
    [undefined, M.customerReasonRequired],
    [{}, M.customerReasonRequired],
    [{ reason: 42 }, M.customerReasonRequired],
    [{ reason: '  ab  ' }, M.customerReasonRequired],
    [{ reason: 'x'.repeat(301) }, M.customerReasonRequired],
    [{ reason: 'Fraud\u0000' }, M.customerReasonRequired],
  ])('refuses the body %j with its message', async (payload, message) => {
    const shopper = await signUp(t.app);
    for (const action of ['disable', 'enable']) {
      const response = await post(`/api/admin/customers/${shopper.userId}/${action}`, payload);
      expect(response.statusCode, action).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect((await detail(shopper.userId)).status).toBe('unverified');
  });

  it('disables: every session ends at once, login is refused with the message; re-enabling lets them in again', async () => {
    const shopper = await signUp(t.app);
    const phone = await logIn(t.app, shopper.email, PASSWORD);

    const disabled = await post(`/api/admin/customers/${shopper.userId}/disable`, { reason: '  Chargeback fraud  ' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({
      message: M.customerDisabled(shopper.email),
      customer: { status: 'disabled', disabledReason: 'Chargeback fraud', disabledAt: expect.any(String) },
    });

    const open = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, shopper.userId), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);
    for (const account of [shopper, phone]) {
      const me = await t.app.inject({ url: '/api/users/me', headers: authHeader(account.accessToken) });
      expect(me.statusCode).toBe(401);
      const refreshed = await refresh(account.refreshToken);
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().message).toBe(ACCOUNT_MESSAGES.accountDisabled);
    }
    const refused = await login(shopper.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.accountDisabled);
    expect((await list(`q=${shopper.email}&status=disabled`)).total).toBe(1);

    const again = await post(`/api/admin/customers/${shopper.userId}/disable`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.customerAlreadyDisabled);

    const enabled = await post(
      `/api/admin/customers/${shopper.userId}/enable`,
      { reason: 'Bank cleared it' },
      cast.owner.headers,
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({
      message: M.customerEnabled(shopper.email),
      customer: { status: 'unverified', disabledAt: null, disabledReason: null },
    });
    expect((await login(shopper.email)).statusCode).toBe(200);
    // The old sessions stay ended: re-enabling lets the person sign in, it revives no stolen cookie.
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);

    const notDisabled = await post(`/api/admin/customers/${shopper.userId}/enable`, { reason: 'Again' });
    expect(notDisabled.statusCode).toBe(409);
    expect(notDisabled.json().message).toBe(M.customerNotDisabled);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, shopper.userId)))
      .orderBy(auditLog.createdAt);
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ['customer.disable', cast.staff.userId],
      ['customer.enable', cast.owner.userId],
    ]);
    expect(audit[0]).toMatchObject({
      before: { email: shopper.email, disabledAt: null, disabledReason: null },
      after: { email: shopper.email, disabledAt: expect.any(String), disabledReason: 'Chargeback fraud' },
    });
    expect(audit[1]).toMatchObject({
      before: { disabledReason: 'Chargeback fraud' },
      after: { disabledAt: null, disabledReason: null, reason: 'Bank cleared it' },
    });
  });

  it('keeps owners out of staff reach, and nobody disables themselves', async () => {
    const owner = await signUpStaff(t.app, t.database, 'owner');
    const byStaff = await post(`/api/admin/customers/${owner.userId}/disable`, { reason: 'Coup' });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().message).toBe(M.customerOwnerNeedsOwner);

    const self = await post(`/api/admin/customers/${cast.staff.userId}/disable`, { reason: 'Leaving' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(M.customerCannotDisableSelf);
    const ownSelf = await post(
      `/api/admin/customers/${cast.owner.userId}/disable`,
      { reason: 'Oops' },
      cast.owner.headers,
    );
    expect(ownSelf.statusCode).toBe(409);

    // An owner may disable another owner, and only an owner may re-enable them.
    const byOwner = await post(
      `/api/admin/customers/${owner.userId}/disable`,
      { reason: 'Sold the shop' },
      cast.owner.headers,
    );
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    const enableByStaff = await post(`/api/admin/customers/${owner.userId}/enable`, { reason: 'Back' });
    expect(enableByStaff.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.userId));
    expect(row?.disabledAt).not.toBeNull();
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, owner.userId))).toHaveLength(1);
  });

  it('disables once when two staff click at once', async () => {
    const shopper = await signUp(t.app);
    const answers = await Promise.all([
      post(`/api/admin/customers/${shopper.userId}/disable`, { reason: 'Fraud (staff)' }),
      post(`/api/admin/customers/${shopper.userId}/disable`, { reason: 'Fraud (owner)' }, cast.owner.headers),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, shopper.userId), eq(auditLog.action, 'customer.disable')));
    expect(rows).toHaveLength(1);
    const winner = answers.find((a) => a.statusCode === 200)?.json<{ customer: AdminCustomer }>().customer;
    expect((await detail(shopper.userId)).disabledReason).toBe(winner?.disabledReason);
  });

  it('answers 404 for an unknown account', async () => {
    const response = await post(`/api/admin/customers/${UNKNOWN}/disable`, { reason: 'Fraud' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(M.customerNotFound);
  });

  it('shows why when customers closed their own account (docs/product.md#profile)', async () => {
    const shopper = await signUp(t.app);
    const closed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/disable-account',
      headers: authHeader(shopper.accessToken),
      payload: { password: PASSWORD },
    });
    expect(closed.statusCode).toBe(200);
    expect(await detail(shopper.userId)).toMatchObject({
      status: 'disabled',
      disabledReason: M.customerClosedOwnAccount,
    });
  });
});

describe('API docs', () => {
  it('document every customers endpoint with its answers and the reason body', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    for (const [path, method] of [
      ['/api/admin/customers/', 'get'],
      ['/api/admin/customers/{id}', 'get'],
      ['/api/admin/customers/{id}/disable', 'post'],
      ['/api/admin/customers/{id}/enable', 'post'],
    ] as const) {
      const operation = spec.paths[path]?.[method] ?? spec.paths[path.replace(/\/$/, '')]?.[method];
      expect(operation, path).toBeDefined();
      expect(operation.tags).toEqual(['admin: customers']);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
      if (method === 'post') {
        expect(operation.requestBody.content['application/json'].schema.required).toEqual(['reason']);
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['404', '409']));
      }
    }
  });
});
