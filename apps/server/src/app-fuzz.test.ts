import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorBodySchema } from '@shopper/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, coupons } from './db/schema.ts';
import { insertProducts } from './db/seed/seed-catalog.ts';
import { authHeader, PASSWORD, type TestAccount } from './test/account-factory.ts';
import { confirmOrder, createIntentOk, payWithCard, SHIPPING, verifiedShopper } from './test/checkout-factory.ts';
import { buildProduct } from './test/product-factory.ts';
import {
  type FuzzRequest,
  type FuzzRoute,
  fuzzRoutesOf,
  type Known,
  requestFor,
  type RouteExample,
} from './test/request-arbitraries.ts';
import { createTestApp } from './test/test-app.ts';

/**
 * Property-based fuzz of every registered route (issue 8, item 8): requests generated from each
 * route's own schemas, and hostile values in their place, sent as a guest, as a signed-in verified
 * customer with a cart and with forged credentials. None may answer 5xx, and every error answers
 * in the contract's one shape. Routes are collected as they are registered, so a route added
 * later is fuzzed without touching this file.
 *
 * Reproduce a failure with the seed fast-check prints (SHOPPER_FUZZ_SEED=<n>); SHOPPER_FUZZ_RUNS
 * changes the runs per route.
 */

const SEED = Number(process.env.SHOPPER_FUZZ_SEED ?? 20_261_121);
const RUNS_PER_ROUTE = Number(process.env.SHOPPER_FUZZ_RUNS ?? 130);

const routes: FuzzRoute[] = [];
const t = await createTestApp(
  // The test-mode provider keeps its webhooks to itself: fuzzed payments settle only through the API.
  { TEST_PROVIDER_WEBHOOKS: 'none' },
  {
    onRoute: (route) => routes.push(...fuzzRoutesOf(route)),
  },
);
const unique = new Map(routes.map((route) => [`${route.method} ${route.url}`, route]));
const targets = [...unique.values()].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));

const stats = { requests: 0, serverErrors: 0, started: Date.now() };
let product = '';
let customer: TestAccount;
let known: Known = { strings: [] };
/** Valid requests of the routes with the most behind them, by `METHOD url`; a HEAD uses its GET's. */
let examples = new Map<string, RouteExample>();

async function newCustomer(): Promise<TestAccount> {
  const account = await verifiedShopper(t.app, t.database);
  await t.database.db.insert(cartItems).values({ userId: account.userId, productId: product, size: 'M', quantity: 2 });
  return account;
}

/** The customer may have logged out, disabled the account or emptied the cart in the last route. */
async function freshCustomer(): Promise<void> {
  const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: authHeader(customer.accessToken) });
  if (me.statusCode !== 200) customer = await newCustomer();
  await t.database.db
    .insert(cartItems)
    .values({ userId: customer.userId, productId: product, size: 'M', quantity: 1 })
    .onConflictDoNothing();
}

beforeAll(async () => {
  [product] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Fuzz Tee', slug: 'fuzz-tee', sizes: [{ size: 'M', stock: 100_000 }] }),
  ])) as [string];
  await t.database.db.insert(coupons).values({ code: 'FUZZ10', kind: 'percent', value: 10 });
  customer = await newCustomer();
  // Real ids and secrets among the generated values let requests reach past the lookups.
  const paid = await createIntentOk(t.app, customer.accessToken);
  const card = await payWithCard(t.app, paid);
  const order = (await confirmOrder(t.app, customer.accessToken, paid.paymentIntentId)).json<{
    order: { _id: string; orderNumber: string };
  }>().order;
  await t.database.db.insert(cartItems).values({ userId: customer.userId, productId: product, size: 'M', quantity: 1 });
  const open = await createIntentOk(t.app, customer.accessToken);
  known = {
    strings: [
      product,
      'fuzz-tee',
      'M',
      'men',
      'women',
      customer.email,
      PASSWORD,
      'FUZZ10',
      paid.paymentIntentId,
      order._id,
      order.orderNumber,
      card.paymentMethod?.id ?? 'pm_test_none',
      open.paymentIntentId,
      open.clientSecret,
      '4242 4242 4242 4242',
      '4000 0025 0000 3155',
    ],
  };
  const testIntent = { params: { id: open.paymentIntentId } };
  const address = { street: '12 Analytical Row', city: 'Springfield', state: 'IL', zipCode: '62704', country: 'US' };
  examples = new Map<string, RouteExample>(
    Object.entries({
      'GET /api/products/all-products': {
        query: { q: 'tee', category: 'men', minPrice: 1, maxPrice: 500, rating: 3, sizes: 'M', sort: 'price-asc' },
      },
      'GET /api/products/:id': { params: { id: product } },
      'GET /api/products/slug/:slug': { params: { slug: 'fuzz-tee' } },
      'GET /api/products/category/:category': { params: { category: 'men' }, query: { page: 1, limit: 12 } },
      'GET /api/products/related/:category/:excludeId': { params: { category: 'men', excludeId: product } },
      'POST /api/cart/add': { body: { productId: product, size: 'M', quantity: 1 } },
      'POST /api/cart/update': { body: { productId: product, size: 'M', quantity: 2 } },
      'POST /api/cart/remove': { body: { productId: product, size: 'M', quantity: 1 } },
      'POST /api/cart/sync': { body: { items: [{ productId: product, size: 'M', quantity: 1 }] } },
      'POST /api/cart/coupon': { body: { code: 'FUZZ10' } },
      'POST /api/payment/create-payment-intent': { body: { shippingInfo: SHIPPING } },
      'POST /api/payment/confirm-order': {
        body: { paymentIntentId: paid.paymentIntentId, paymentMethodId: card.paymentMethod?.id },
      },
      'GET /api/payment/my-orders': {
        query: { status: 'all', from: '2020-01-01', to: '2030-12-31', sort: 'price-high', page: 1, limit: 10 },
      },
      'GET /api/payment/order/:id': { params: { id: order._id } },
      'GET /api/payment/order-by-payment/:paymentIntentId': { params: { paymentIntentId: paid.paymentIntentId } },
      'POST /api/payments/payment-methods': { body: { paymentMethodId: card.paymentMethod?.id } },
      'GET /api/reviews/products/:productId': {
        params: { productId: product },
        query: { page: 1, limit: 5, sort: 'date-asc', rating: 5 },
      },
      'POST /api/reviews/products/:productId': {
        params: { productId: product },
        body: { rating: 5, content: 'Soft cotton, true to size.' },
      },
      'DELETE /api/reviews/products/:productId/mine': { params: { productId: product } },
      'POST /api/test-provider/payment_intents/:id/confirm': {
        ...testIntent,
        body: {
          clientSecret: open.clientSecret,
          card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
        },
      },
      'POST /api/test-provider/payment_intents/:id/authenticate': {
        ...testIntent,
        body: { clientSecret: open.clientSecret, outcome: 'complete' },
      },
      'POST /api/test-provider/payment_intents/:id': { ...testIntent, body: { clientSecret: open.clientSecret } },
      'POST /api/users/signup': {
        body: {
          username: 'Fuzz Person',
          email: 'fuzz.person@example.com',
          password: PASSWORD,
          confirmPassword: PASSWORD,
          acceptTerms: true,
        },
      },
      'POST /api/users/login': { body: { email: customer.email, password: PASSWORD } },
      'PUT /api/users/profile': { body: { name: 'Fuzz Person', phone: '5551234567', address } },
      'PUT /api/users/change-password': {
        body: { currentPassword: PASSWORD, newPassword: 'N3w-secret!', newPasswordConfirm: 'N3w-secret!' },
      },
      'PUT /api/users/disable-account': { body: { password: 'Wr0ng-secret!' } },
      'POST /api/users/forgot-password': { body: { email: customer.email } },
      'POST /api/users/reset-password': { body: { token: 'x'.repeat(40), password: PASSWORD } },
      'POST /api/users/request-verification': { body: { email: customer.email } },
      'GET /api/users/verify-email/:token': { params: { token: 'x'.repeat(40) } },
    }),
  );
});

afterAll(async () => {
  await t.close();
  const dir = process.env.SHOPPER_TEST_REPORT_DIR;
  if (!dir) return;
  // .ci/run prints these figures in its closing summary (scripts/test-totals.mjs).
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `fuzz-${t.database.kind}.json`),
    JSON.stringify({
      kind: 'fuzz',
      database: t.database.kind,
      routes: targets.length,
      requests: stats.requests,
      serverErrors: stats.serverErrors,
      seed: SEED,
      seconds: Math.round((Date.now() - stats.started) / 1000),
    }),
  );
});

async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers = { ...request.headers };
  if (request.identity === 'customer') headers['auth-token'] = customer.accessToken;
  stats.requests += 1;
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  if (response.statusCode >= 500) stats.serverErrors += 1;
  return response;
}

/** What every answer must be: no 5xx, and an error in the contract's shape. */
function checkAnswer(request: FuzzRequest, response: LightMyRequestResponse): void {
  const what = `${request.method} ${request.url.slice(0, 300)} as ${request.identity} → ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode >= 500) throw new Error(`server error: ${what}`);
  if (response.statusCode < 400 || request.method === 'HEAD') return;
  // Image routes answer a missing image with the placeholder image itself (SPEC §9), by design.
  if (String(response.headers['content-type']).startsWith('image/')) return;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new Error(`error answer is not JSON: ${what}`);
  }
  if (!ErrorBodySchema.safeParse(body).success) throw new Error(`error answer outside the contract's shape: ${what}`);
}

const exampleOf = (route: FuzzRoute) => examples.get(`${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`);

/** One seed per route, derived from the run's seed: a route added later does not change the others' runs. */
const seedOf = (route: FuzzRoute) =>
  (SEED ^ createHash('sha256').update(`${route.method} ${route.url}`).digest().readInt32LE(0)) | 0;

describe(`API fuzz on ${t.database.kind}: ${targets.length} routes, ${RUNS_PER_ROUTE} requests each`, () => {
  it('collects every registered route, ours and the plugins’', () => {
    const names = targets.map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/payment/my-orders',
        'POST /api/payment/create-payment-intent',
        'POST /api/test-provider/payment_intents/:id/confirm',
        'GET /metrics',
        'GET /api/docs/static/*',
      ]),
    );
  });

  it.for(targets.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s answers no 5xx, and errors in the contract shape',
    async ([, route]) => {
      await freshCustomer();
      await fc.assert(
        fc.asyncProperty(requestFor(route, known, exampleOf(route)), async (request) => {
          checkAnswer(request, await send(request));
        }),
        // A budget, not a deadline: on a machine busy with other suites a route ends its run early
        // (what ran still counts) instead of tripping the test timeout. Idle, every route finishes.
        { seed: seedOf(route), numRuns: RUNS_PER_ROUTE, plugins: [fc.interruptAfterTimeLimit(15_000)] },
      );
    },
  );
});
