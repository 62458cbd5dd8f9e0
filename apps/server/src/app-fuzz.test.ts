import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { CATEGORIES, ErrorBodySchema } from '@shopper/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItems,
  collectionProducts,
  collections,
  coupons,
  orderItems,
  orders,
  productColours,
  productImages,
  products,
  productSizes,
  refunds,
  reviews,
  savedPaymentMethods,
  sessions,
  shopSettings,
  users,
} from './db/schema.ts';
import { returnRequestItems, returnRequests } from './db/after-purchase-schema.ts';
import { insertProducts } from './db/seed/seed-catalog.ts';
import { DEVICE_COOKIE } from './modules/auth/index.ts';
import { GUEST_CART_COOKIE } from './modules/cart/index.ts';
import { REFRESH_COOKIE } from './plugins/refresh-cookie.ts';
import { authHeader, PASSWORD, type TestAccount } from './test/account-factory.ts';
import {
  confirmOrder,
  createIntentOk,
  payWithCard,
  saveCard,
  SHIPPING,
  verifiedShopper,
} from './test/checkout-factory.ts';
import { makeImage, multipartFile, pngBomb } from './test/image-factory.ts';
import { placeOrder } from './test/order-factory.ts';
import { buildProduct, firstColourId } from './test/product-factory.ts';
import {
  type FuzzRequest,
  type FuzzRoute,
  fuzzRoutesOf,
  type Known,
  registeredRoutes,
  requestFor,
  type Role,
  ROLES,
  type RouteExample,
} from './test/request-arbitraries.ts';
import { assertShopInvariants } from './test/shop-invariants.ts';
import { signUpStaff } from './test/staff-factory.ts';
import { createTestApp } from './test/test-app.ts';

/**
 * Property-based fuzz of every registered route as every role: a guest (with no credential or a
 * forged one), a verified customer, a staff member and an owner, each signed in with a real
 * session. Requests are generated from each route's own schemas with hostile values in their
 * place and real ids among them (orders in every state, products, accounts, refunds…), so the
 * back office's handlers run past their lookups and change real data. None may answer 5xx, every
 * error answers in the contract's one shape, and after each run of a route that can change data
 * the shop's invariants are read straight from the database (test/shop-invariants.ts).
 *
 * Routes are read from the router itself, so a route added later is fuzzed without touching this
 * file. The roles run one after the other on one database, owners last, and state carries over:
 * to reproduce a failure run the whole file with the seed and run count it prints
 * (FUZZ_SEED=<n> FUZZ_RUNS=<n>; SHOPPER_FUZZ_SEED and SHOPPER_FUZZ_RUNS are read too).
 */

function envInteger(names: string[], fallback: number): number {
  for (const name of names) {
    const text = process.env[name];
    if (text === undefined || text === '') continue;
    const value = Number(text);
    if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, not ${text}`);
    return value;
  }
  return fallback;
}

const SEED = envInteger(['FUZZ_SEED', 'SHOPPER_FUZZ_SEED'], 20_261_121);
const RUNS = envInteger(['FUZZ_RUNS', 'SHOPPER_FUZZ_RUNS'], 16);
/**
 * Requests per route for each role. Staff and owners get the full count: theirs are the requests
 * that pass the back office's guard and change data. A guest and a customer get half: on the back
 * office's routes the guard answers them 401 or 403 before reading anything they send. The default
 * keeps the file near 60 s of one core on PGlite (some 9,000 requests); a wider run is one
 * variable away.
 */
const RUNS_AS: Record<Role, number> = {
  guest: Math.ceil(RUNS / 2),
  customer: Math.ceil(RUNS / 2),
  staff: RUNS,
  owner: RUNS,
};
/**
 * A budget per route and role, not a deadline: on a machine busy with other suites a route ends
 * its run early (what ran still counts, and the first request always runs; the summary says how
 * many were cut short) instead of tripping the test timeout.
 */
const BUDGET_MS = Math.max(5_000, RUNS * 400);
/**
 * The invariants are read after each route's requests as each role (a run), where a breach names
 * the route and role; FUZZ_CHECK_EACH=1 reads them after every request, to name the one at fault.
 */
const CHECK_EACH_REQUEST = process.env.FUZZ_CHECK_EACH === '1';

/**
 * Routes not fuzzed, each with why. Empty: every route answers a request in time and without
 * side effects outside this database, including the provider webhook (refused 4xx without a
 * signature) and the uploads (real pictures, bombs and junk alike).
 */
const EXCLUDED = new Map<string, string>([]);

const schemasOf = new Map<string, FuzzRoute>();
const t = await createTestApp(
  // The test-mode provider keeps its webhooks to itself: fuzzed payments settle only through the API.
  { TEST_PROVIDER_WEBHOOKS: 'none' },
  {
    onRoute: (route) => {
      for (const fuzzRoute of fuzzRoutesOf(route)) schemasOf.set(`${fuzzRoute.method} ${fuzzRoute.url}`, fuzzRoute);
    },
  },
);
/**
 * What the router holds: every route a hook reported, and those only its printout names (the GET
 * of a prefixed plugin's '/' under its trailing-slash path), each confirmed by the router, as the
 * printout abbreviates some paths.
 */
const holds = (key: string) => {
  const [method = '', url = ''] = key.split(' ');
  return t.app.hasRoute({ method, url });
};
const registered = [
  ...new Set([...schemasOf.keys(), ...registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(holds)]),
];

/** A route the router holds but no hook reported (a plugin's '/' under its trailing-slash path) takes its twin's schemas. */
function routeOf(key: string): FuzzRoute {
  const [method = '', url = ''] = key.split(' ');
  const twin = url.endsWith('/') ? url.slice(0, -1) : `${url}/`;
  const known = schemasOf.get(key) ?? schemasOf.get(`${method} ${twin}`);
  return known
    ? { ...known, method, url }
    : { method, url, params: undefined, querystring: undefined, body: undefined, multipart: false };
}
const targets = registered
  .filter((key) => !EXCLUDED.has(key))
  .sort((a, b) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!) || a.localeCompare(b))
  .map(routeOf);
const keyOf = (route: FuzzRoute) => `${route.method} ${route.url}`;

type RoleStats = {
  requests: number;
  serverErrors: number;
  /** Answered 2xx: requests that got past validation, guards and lookups, so the fuzz reaches deep. */
  succeeded: number;
  routes: Set<string>;
  cutShort: number;
  newAccounts: number;
  ms: number;
};
const stats = Object.fromEntries(
  ROLES.map((role) => [
    role,
    { requests: 0, serverErrors: 0, succeeded: 0, routes: new Set(), cutShort: 0, newAccounts: 0, ms: 0 },
  ]),
) as Record<Role, RoleStats>;
const started = Date.now();
/** Where the time goes, so a slow run says whether requests, invariant checks or fixtures cost it. */
const spent = { requests: 0, invariants: 0, fixtures: 0 };
async function timed<T>(part: keyof typeof spent, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    spent[part] += performance.now() - start;
  }
}

/* ----------------------------------------------------------------------------------------------
 * The cast and the shop they act on. Owners and staff change data as they are meant to (cancel,
 * refund, restock, demote, disable…); before each route the fixtures its examples name are put
 * back into the state that lets a request reach deep, through the shop's own API where it has a
 * way (orders are bought, shipped and delivered), so the invariants keep meaning what they say.
 * -------------------------------------------------------------------------------------------- */

type SignedIn = Exclude<Role, 'guest'>;
type Account = TestAccount & { sessionId: string };
/** The buyer places the orders the back office works on; it never sends fuzzed requests itself. */
type Member = SignedIn | 'buyer';
const WANTED_ROLE: Record<Member, 'customer' | 'staff' | 'owner'> = {
  customer: 'customer',
  staff: 'staff',
  owner: 'owner',
  buyer: 'customer',
};

const sessionIdOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;

const cast = {} as Record<Member, Account>;
/** Accounts the examples change (made staff, demoted, disabled): never a sender. */
let bystander: TestAccount;
let sidekick: TestAccount;

let product = '';
/** The fuzz product's one colour: its lines, stock and gallery. */
let productColour = '';
/** Every colour of the two products, as the last look at the shop found them. */
let shopColours: { id: string; productId: string }[] = [];
let spareProduct = '';
const LINE = { size: 'M', quantity: 2 } as const;
const STOCK_FLOOR = 1_000;

type PlacedOrder = { id: string; orderNumber: string; paymentIntentId: string; itemIds: string[] };
const pool = {} as {
  processing: PlacedOrder;
  shipped: PlacedOrder;
  delivered: PlacedOrder;
  failedRefund: { orderId: string; refundId: string };
  /** A return in each status staff act on. */
  returns: Record<'requested' | 'approved' | 'received', string>;
};
const everyOrder: PlacedOrder[] = [];
let customerOrder: { id: string; orderNumber: string; paid: string; paymentMethod: string };
let openIntent: { paymentIntentId: string; clientSecret: string };
/**
 * A guest's cart cookie (decisions 072 and 073): guest checkout is on, so a guest's unsigned
 * requests carry it and reach the cart, the checkout and its order as a guest would.
 */
let guestCart = { cookie: '', orderNumber: '', email: '' };
let reviewId = '';
let uploadKeys: string[] = [];
let files: Buffer[] = [];
/** A planned catalog import (decision 043): its report, progress and apply routes have a job to act on. */
let importJob = '';
/** A hand-picked collection the collection routes find; put back if a DELETE took it. */
const FUZZ_COLLECTION = '6f3a1c2e-9b7d-4e21-8c55-0a1b2c3d4e5f';

async function newAccount(member: Member): Promise<Account> {
  const role = WANTED_ROLE[member];
  const account =
    role === 'customer' ? await verifiedShopper(t.app, t.database) : await signUpStaff(t.app, t.database, role);
  return { ...account, sessionId: sessionIdOf(account.accessToken) };
}

/**
 * Replaces any account of the cast that can no longer act as its role: signed out, password
 * changed, disabled, demoted or promoted by an owner's request. One query when nothing changed.
 */
async function keepCast(): Promise<void> {
  const members = Object.keys(WANTED_ROLE) as Member[];
  const rows = await t.database.db
    .select({
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      role: users.role,
      disabledAt: users.disabledAt,
      isEmailVerified: users.isEmailVerified,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      inArray(
        sessions.id,
        members.map((m) => cast[m].sessionId),
      ),
    );
  const now = Date.now();
  for (const member of members) {
    const row = rows.find((r) => r.sessionId === cast[member].sessionId);
    const fit =
      row &&
      !row.revokedAt &&
      row.expiresAt.getTime() > now + 60_000 &&
      !row.disabledAt &&
      row.isEmailVerified &&
      row.role === WANTED_ROLE[member];
    if (fit) continue;
    cast[member] = await newAccount(member);
    if (member !== 'buyer') stats[member].newAccounts += 1;
  }
  // Every sender has something in its cart, so cart and checkout routes have work to do.
  await t.database.db
    .insert(cartItems)
    .values(
      (['customer', 'staff', 'owner'] as const).map((m) => ({
        userId: cast[m].userId,
        productId: product,
        colourId: productColour,
        ...LINE,
      })),
    )
    .onConflictDoNothing();
}

/** The fuzz product published and in stock in size M, and the coupon live: what checkout needs. */
/**
 * The fuzz product's lines, stock and orders are in `productColour`: whatever the colour routes did
 * (hide, reorder, remove once no open order held it), it is back, visible and first, with a row for
 * each of the product's sizes.
 */
async function keepProductColour(): Promise<void> {
  const { db } = t.database;
  const own = await db
    .select({ id: productColours.id, position: productColours.position, hiddenAt: productColours.hiddenAt })
    .from(productColours)
    .where(eq(productColours.productId, product))
    .orderBy(asc(productColours.position));
  const first = (own[0]?.position ?? 0) - 1;
  const mine = own.find((colour) => colour.id === productColour);
  if (!mine) {
    const tag = randomUUID().slice(0, 8);
    await db.insert(productColours).values({
      id: productColour,
      productId: product,
      slug: `fuzz-standard-${tag}`,
      name: `Fuzz Standard ${tag}`,
      swatch: '#1f4e79',
      position: first,
    });
    const sizes = await db
      .selectDistinct({ size: productSizes.size, position: productSizes.position })
      .from(productSizes)
      .where(eq(productSizes.productId, product));
    if (sizes.length > 0) {
      await db
        .insert(productSizes)
        .values(
          sizes.map(({ size, position }) => ({
            productId: product,
            colourId: productColour,
            size,
            position,
            stock: 0,
          })),
        )
        .onConflictDoNothing();
    }
  } else if (mine.hiddenAt !== null || own[0]?.id !== productColour) {
    await db
      .update(productColours)
      .set({ hiddenAt: null, position: first })
      .where(eq(productColours.id, productColour));
  }
  shopColours = await db
    .select({ id: productColours.id, productId: productColours.productId })
    .from(productColours)
    .where(inArray(productColours.productId, [product, spareProduct]))
    .orderBy(asc(productColours.position));
}

async function keepShop(): Promise<void> {
  const { db } = t.database;
  // Only when changed: every write of a product tells each instance to drop its catalog cache.
  await db
    .update(products)
    .set({ status: 'published' })
    .where(and(eq(products.id, product), ne(products.status, 'published')));
  const sizeKey = and(
    eq(productSizes.productId, product),
    eq(productSizes.colourId, productColour),
    eq(productSizes.size, LINE.size),
  );
  const [size] = await db.select().from(productSizes).where(sizeKey);
  // A plain change of stock: the ledger trigger writes it as an adjustment, as it would any hand edit.
  if (!size) {
    await db.insert(productSizes).values({
      productId: product,
      colourId: productColour,
      size: LINE.size,
      position: 99,
      stock: 100_000,
    });
  } else if (size.stock < STOCK_FLOOR) {
    await db.update(productSizes).set({ stock: 100_000 }).where(sizeKey);
  }
  const [picks] = await db.select().from(collections).where(eq(collections.id, FUZZ_COLLECTION));
  if (!picks || picks.slug !== 'fuzz-picks' || picks.isHidden || picks.visibleFrom || picks.visibleUntil) {
    await db.delete(collections).where(eq(collections.slug, 'fuzz-picks'));
    await db.delete(collections).where(eq(collections.id, FUZZ_COLLECTION));
    await db
      .insert(collections)
      .values({ id: FUZZ_COLLECTION, slug: 'fuzz-picks', name: 'Fuzz Picks', kind: 'manual' });
    await db.insert(collectionProducts).values({ collectionId: FUZZ_COLLECTION, productId: product, position: 0 });
  }
  const live = { kind: 'percent', value: 10, minSubtotalCents: 0, expiresAt: null, usageLimit: null } as const;
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, 'FUZZ10'));
  if (!coupon) await db.insert(coupons).values({ code: 'FUZZ10', ...live });
  else if (Object.entries(live).some(([field, value]) => coupon[field as keyof typeof live] !== value)) {
    await db.update(coupons).set(live).where(eq(coupons.code, 'FUZZ10'));
  }
}

async function ownerPost(url: string, payload?: object): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: authHeader(cast.owner.accessToken),
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`fixture ${url}: ${response.statusCode} ${response.body}`);
}

/** An order bought through the real checkout, then taken by the back office to `status`. */
async function newOrder(status: 'Processing' | 'Shipped' | 'Delivered'): Promise<PlacedOrder> {
  const { db } = t.database;
  await db.delete(cartItems).where(eq(cartItems.userId, cast.buyer.userId));
  const placed = await placeOrder(t.app, t.database, cast.buyer, { productId: product, ...LINE });
  if (status !== 'Processing') {
    await ownerPost(`/api/admin/orders/${placed.id}/ship`, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  }
  if (status === 'Delivered') await ownerPost(`/api/admin/orders/${placed.id}/deliver`);
  const [row] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, placed.id));
  const items = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, placed.id));
  const order = { ...placed, orderNumber: row?.orderNumber ?? '', itemIds: items.map((i) => i.id) };
  everyOrder.push(order);
  return order;
}

/**
 * A refund the provider could not be asked about (its answer lost), as the refunds service
 * records one: on a delivered order, within what is left to refund, for the retry route to find.
 */
async function newFailedRefund(order: PlacedOrder): Promise<{ orderId: string; refundId: string }> {
  const [refund] = await t.database.db
    .insert(refunds)
    .values({
      orderId: order.id,
      amountCents: 100,
      reason: 'Returned by post',
      status: 'failed',
      idempotencyKey: `return-${randomUUID()}`,
      lastError: 'The card provider could not be asked (socket hang up).',
      actorId: cast.owner.userId,
    })
    .returning();
  return { orderId: order.id, refundId: refund!.id };
}

/** Orders in each state the order routes act on, a delivered one with money left to refund, and a failed refund. */
async function keepOrders(): Promise<void> {
  const { db } = t.database;
  const ids = [pool.processing, pool.shipped, pool.delivered].filter(Boolean).map((o) => o.id);
  const rows = ids.length
    ? await db
        .select({
          id: orders.id,
          status: orders.status,
          totalCents: orders.totalCents,
          refundedCents: orders.refundedCents,
        })
        .from(orders)
        .where(inArray(orders.id, ids))
    : [];
  const statusOf = (order: PlacedOrder | undefined) => rows.find((r) => r.id === order?.id);
  if (statusOf(pool.processing)?.status !== 'Processing') pool.processing = await newOrder('Processing');
  if (statusOf(pool.shipped)?.status !== 'Shipped') pool.shipped = await newOrder('Shipped');
  const delivered = statusOf(pool.delivered);
  // Room for the examples' refunds and a failed one: a few dollars.
  if (delivered?.status !== 'Delivered' || delivered.totalCents - delivered.refundedCents < 1_000) {
    pool.delivered = await newOrder('Delivered');
  }
  const [failed] = pool.failedRefund
    ? await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, pool.failedRefund.refundId))
    : [];
  if (failed?.status !== 'failed') pool.failedRefund = await newFailedRefund(pool.delivered);
  await keepReturns();
}

/** A return of a delivered order's first line waiting in each status a back-office step starts from. */
async function keepReturns(): Promise<void> {
  const { db } = t.database;
  const ids = Object.values(pool.returns ?? {});
  const rows = ids.length
    ? await db
        .select({ id: returnRequests.id, status: returnRequests.status })
        .from(returnRequests)
        .where(inArray(returnRequests.id, ids))
    : [];
  const next = { ...pool.returns };
  for (const status of ['requested', 'approved', 'received'] as const) {
    if (rows.some((r) => r.id === pool.returns?.[status] && r.status === status)) continue;
    // An order of its own: the returns of one line never ask back more than it holds.
    const order = await newOrder('Delivered');
    const [row] = await db
      .insert(returnRequests)
      .values({
        returnNumber: `RT-F${randomUUID().slice(0, 8)}`,
        orderId: order.id,
        userId: cast.buyer.userId,
        status,
        reason: 'Fuzz: too big',
      })
      .returning();
    await db.insert(returnRequestItems).values({ returnId: row!.id, orderItemId: order.itemIds[0]!, quantity: 1 });
    next[status] = row!.id;
  }
  pool.returns = next;
}

/** Set by a route that can change data (any POST, PUT, PATCH or DELETE): the fixtures are looked at again. */
let dirty = true;
let fixtures: { known: Known; examples: Map<string, RouteExample> } | undefined;

async function prepare(): Promise<{ known: Known; examples: Map<string, RouteExample> }> {
  if (!dirty && fixtures) return fixtures;
  // First: the cast's cart lines are in this colour.
  await keepProductColour();
  await keepCast();
  await keepShop();
  await keepOrders();
  fixtures = { known: knownNow(), examples: await examplesNow() };
  dirty = false;
  return fixtures;
}

/** Real values for the requests, as they stand now. */
function knownNow(): Known {
  const members = [...Object.values(cast), bystander, sidekick];
  const userIds = members.map((m) => m.userId);
  const orderIds = everyOrder.map((o) => o.id).concat(customerOrder.id);
  const itemIds = everyOrder.flatMap((o) => o.itemIds);
  const productIds = [product, spareProduct];
  const colourIds = shopColours.map((colour) => colour.id);
  const ids = [
    ...productIds,
    ...colourIds.slice(0, 4),
    ...orderIds.slice(-6),
    ...userIds,
    ...itemIds.slice(-4),
    reviewId,
    pool.failedRefund.refundId,
    importJob,
    FUZZ_COLLECTION,
  ];
  const intents = [customerOrder.paid, openIntent.paymentIntentId, pool.delivered.paymentIntentId];
  return {
    strings: [
      'fuzz-tee',
      'M',
      ...CATEGORIES,
      ...members.map((m) => m.email),
      PASSWORD,
      'FUZZ10',
      'SPARE5',
      ...intents,
      customerOrder.orderNumber,
      pool.delivered.orderNumber,
      customerOrder.paymentMethod,
      openIntent.clientSecret,
      '4242 4242 4242 4242',
      '4000 0025 0000 3155',
      ...uploadKeys.slice(0, 2),
    ],
    ids,
    byName: {
      id: ids,
      productId: productIds,
      colourId: colourIds,
      excludeId: productIds,
      customerId: userIds,
      actorId: userIds,
      userId: userIds,
      refundId: [pool.failedRefund.refundId],
      itemId: itemIds.slice(-4),
      paymentIntentId: intents,
      code: ['FUZZ10', 'SPARE5', 'fuzz10'],
      slug: ['fuzz-tee', 'fuzz-picks', ...CATEGORIES],
      heroId: [FUZZ_COLLECTION],
      featuredIds: [FUZZ_COLLECTION],
      category: [...CATEGORIES],
      size: ['M', 'S', 'L'],
      email: members.map((m) => m.email),
      entity: ['order', 'coupon', 'product', 'product-size', 'setting', 'user', 'review', 'category'],
      entityId: [...ids.slice(0, 4), 'FUZZ10', `${product}/M`, 'shop'],
      key: uploadKeys,
      name: ['tshirt-1f4e79-front.svg', 'men.svg', 'men-640.webp', 'kids-1440.webp', ...uploadKeys.slice(0, 1)],
      paymentMethodId: [customerOrder.paymentMethod],
    },
    cookies: [REFRESH_COOKIE, DEVICE_COOKIE, GUEST_CART_COOKIE],
    files,
  };
}

/** Valid requests of the routes with the most behind them, by `METHOD url`; a HEAD uses its GET's. */
async function examplesNow(): Promise<Map<string, RouteExample>> {
  const address = { street: '12 Analytical Row', city: 'Springfield', state: 'IL', zipCode: '62704', country: 'US' };
  const gallery =
    (
      await t.database.db
        .select({ images: productColours.images })
        .from(productColours)
        .where(eq(productColours.id, productColour))
    )[0]?.images ?? [];
  const [savedCard] = await t.database.db
    .select({ id: savedPaymentMethods.id })
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.userId, cast.customer.userId));
  const { processing, shipped, delivered, failedRefund } = pool;
  const productColourIds = shopColours.filter((c) => c.productId === product).map((c) => c.id);
  const spareColour = shopColours.filter((c) => c.productId === spareProduct).at(-1)?.id ?? randomUUID();
  return new Map<string, RouteExample>(
    Object.entries({
      'GET /api/products/all-products': {
        query: {
          q: 'tee',
          category: 'men',
          minPrice: 1,
          maxPrice: 500,
          rating: 3,
          sizes: 'M',
          colours: 'blue,green',
          sort: 'price-asc',
        },
      },
      'GET /api/products/:id': { params: { id: product } },
      'GET /api/products/slug/:slug': { params: { slug: 'fuzz-tee' } },
      'GET /api/products/category/:category': {
        params: { category: 'men' },
        query: { page: 1, limit: 12, colours: 'blue' },
      },
      'GET /api/products/related/:category/:excludeId': { params: { category: 'men', excludeId: product } },
      'POST /api/cart/add': { body: { productId: product, colourId: productColour, size: 'M', quantity: 1 } },
      'POST /api/cart/update': { body: { productId: product, colourId: productColour, size: 'M', quantity: 2 } },
      'POST /api/cart/remove': { body: { productId: product, colourId: productColour, size: 'M', quantity: 1 } },
      'POST /api/cart/sync': {
        body: { items: [{ productId: product, colourId: productColour, size: 'M', quantity: 1 }] },
      },
      'POST /api/cart/coupon': { body: { code: 'FUZZ10' } },
      'POST /api/payment/create-payment-intent': { body: { shippingInfo: SHIPPING } },
      'POST /api/payment/confirm-order': {
        body: { paymentIntentId: customerOrder.paid, paymentMethodId: customerOrder.paymentMethod },
      },
      'GET /api/payment/my-orders': {
        query: { status: 'all', from: '2020-01-01', to: '2030-12-31', sort: 'price-high', page: 1, limit: 10 },
      },
      'GET /api/payment/order/:id': { params: { id: customerOrder.id } },
      'POST /api/payment/order-lookup': { body: { email: guestCart.email, orderNumber: guestCart.orderNumber } },
      'POST /api/payment/order/:id/cancel': { params: { id: processing.id } },
      'POST /api/saved-items/': { body: { productId: product, colourId: productColour, size: 'M' } },
      'DELETE /api/saved-items/:id': { params: { id: randomUUID() } },
      'POST /api/saved-items/:id/move-to-cart': { params: { id: randomUUID() } },
      'GET /api/payment/order/:id/returns': { params: { id: delivered.id } },
      'POST /api/payment/order/:id/returns': {
        params: { id: delivered.id },
        body: { items: [{ itemId: delivered.itemIds[0], quantity: 1 }], reason: 'Too big' },
      },
      'GET /api/payment/order-by-payment/:paymentIntentId': { params: { paymentIntentId: customerOrder.paid } },
      'POST /api/payments/payment-methods': { body: { paymentMethodId: customerOrder.paymentMethod } },
      'DELETE /api/payments/payment-methods/:id': { params: { id: savedCard?.id ?? randomUUID() } },
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
        params: { id: openIntent.paymentIntentId },
        body: {
          clientSecret: openIntent.clientSecret,
          card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
        },
      },
      'POST /api/test-provider/payment_intents/:id/authenticate': {
        params: { id: openIntent.paymentIntentId },
        body: { clientSecret: openIntent.clientSecret, outcome: 'complete' },
      },
      'POST /api/test-provider/payment_intents/:id': {
        params: { id: openIntent.paymentIntentId },
        body: { clientSecret: openIntent.clientSecret },
      },
      'POST /api/users/signup': {
        body: {
          username: 'Fuzz Person',
          email: 'fuzz.person@example.com',
          password: PASSWORD,
          confirmPassword: PASSWORD,
          acceptTerms: true,
        },
      },
      'POST /api/users/login': { body: { email: cast.customer.email, password: PASSWORD } },
      'PUT /api/users/profile': { body: { name: 'Fuzz Person', phone: '5551234567', address } },
      'PUT /api/users/change-password': {
        body: { currentPassword: PASSWORD, newPassword: 'N3w-secret!', newPasswordConfirm: 'N3w-secret!' },
      },
      'PUT /api/users/disable-account': { body: { password: 'Wr0ng-secret!' } },
      'POST /api/users/me/erase': { body: { password: 'Wr0ng-secret!' } },
      'POST /api/users/forgot-password': { body: { email: cast.customer.email } },
      'POST /api/users/reset-password': { body: { token: 'x'.repeat(40), password: PASSWORD } },
      'POST /api/users/request-verification': { body: { email: cast.customer.email } },
      'GET /api/users/verify-email/:token': { params: { token: 'x'.repeat(40) } },
      'POST /api/newsletter/subscribe': { body: { email: 'fuzz.news@example.com' } },

      // The back office.
      'GET /api/admin/audit': {
        query: { actorId: cast.owner.userId, entity: 'order', entityId: delivered.id, page: 1, pageSize: 20 },
      },
      'GET /api/admin/staff': { query: { q: 'example.com', sort: 'role', dir: 'asc' } },
      'POST /api/admin/staff': { body: { email: bystander.email, role: 'staff' } },
      'PATCH /api/admin/staff/:id': { params: { id: sidekick.userId }, body: { role: 'owner' } },
      'DELETE /api/admin/staff/:id': { params: { id: sidekick.userId } },
      'POST /api/admin/stock/adjustments': {
        body: {
          productId: product,
          colourId: productColour,
          size: 'M',
          delta: -1,
          reason: 'adjustment',
          note: 'Counted on the shelf',
        },
      },
      'GET /api/admin/stock/movements': {
        query: { productId: product, colourId: productColour, size: 'M', dir: 'asc', pageSize: 50 },
      },
      'PUT /api/admin/settings': { body: { lowStockThreshold: 5 } },
      'GET /api/admin/products': {
        query: { q: 'fuzz', category: 'men', status: 'published', stock: 'low', sort: 'price', dir: 'asc' },
      },
      'GET /api/admin/products/slug-check': { query: { slug: 'fuzz-tee', excludeId: product } },
      'GET /api/admin/products/:id': { params: { id: product } },
      'POST /api/admin/products': {
        body: {
          name: 'Fuzz Hoodie',
          category: 'women',
          brand: 'Fuzzwear',
          price: 49.99,
          salePrice: 39.99,
          sizes: ['S', 'M'],
          stock: { S: 3 },
          colours: [
            { name: 'Oat', swatch: '#d8c6a4', stock: { S: 3 } },
            { name: 'Moss', swatch: '#5b6b3a', stock: { M: 2 } },
          ],
          status: 'published',
        },
      },
      'PATCH /api/admin/products/:id': {
        params: { id: spareProduct },
        body: { price: 59.99, salePrice: null, sizes: ['S', 'M', 'L'], tags: ['wool'] },
      },
      'PUT /api/admin/products/:id/status': { params: { id: spareProduct }, body: { status: 'draft' } },
      'PUT /api/admin/products/:id/images': {
        params: { id: product },
        body: { images: [...gallery].reverse(), ...(gallery[0] ? { mainImage: gallery[0] } : {}) },
      },
      'POST /api/admin/products/:id/colours': {
        params: { id: spareProduct },
        body: { name: 'Fuzz Teal', swatch: '#2A9D8F', stock: { S: 1 } },
      },
      'PATCH /api/admin/products/:id/colours/:colourId': {
        params: { id: spareProduct, colourId: spareColour },
        body: { name: 'Fuzz Moss', swatch: '#4a5d23', isHidden: false },
      },
      'PUT /api/admin/products/:id/colours/order': {
        params: { id: product },
        body: { colourIds: [...productColourIds].reverse() },
      },
      'DELETE /api/admin/products/:id/colours/:colourId': { params: { id: spareProduct, colourId: spareColour } },
      'PUT /api/admin/products/:id/colours/:colourId/images': {
        params: { id: product, colourId: productColour },
        body: { images: [...gallery].reverse(), ...(gallery[0] ? { mainImage: gallery[0] } : {}) },
      },
      'GET /api/admin/reviews': { query: { productId: product, rating: 5, visibility: 'all', sort: 'rating' } },
      'POST /api/admin/reviews/:id/hide': { params: { id: reviewId }, body: { reason: 'Off-topic content' } },
      'POST /api/admin/reviews/:id/unhide': { params: { id: reviewId } },
      'GET /api/admin/coupons': { query: { state: 'active', q: 'FUZZ', sort: 'expiresAt' } },
      'GET /api/admin/coupons/:code': { params: { code: 'FUZZ10' } },
      'POST /api/admin/coupons': {
        body: {
          code: 'FUZZNEW',
          kind: 'fixed',
          value: 5,
          minSubtotal: 20,
          expiresAt: '2030-01-01T00:00:00Z',
          usageLimit: 100,
          description: 'Fuzz',
        },
      },
      'PATCH /api/admin/coupons/:code': {
        params: { code: 'SPARE5' },
        body: { expiresAt: '2031-06-30T23:59:59+02:00', usageLimit: 50, kind: 'fixed', value: 7.5 },
      },
      'POST /api/admin/coupons/:code/expire': { params: { code: 'SPARE5' } },
      'GET /api/admin/orders': {
        query: { status: 'Delivered', from: '2020-01-01', to: '2030-12-31', customerId: cast.buyer.userId, q: 'SH-' },
      },
      'GET /api/admin/orders/:id': { params: { id: delivered.id } },
      'POST /api/admin/orders/:id/ship': {
        params: { id: processing.id },
        body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      },
      'POST /api/admin/orders/:id/deliver': { params: { id: shipped.id } },
      'POST /api/admin/orders/:id/cancel': { params: { id: shipped.id } },
      'POST /api/admin/orders/:id/refunds': {
        params: { id: delivered.id },
        body: { amount: 1.5, reason: 'Returned by post', restock: [{ itemId: delivered.itemIds[0], quantity: 1 }] },
      },
      'GET /api/admin/returns': { query: { status: 'requested', sort: 'status', dir: 'asc' } },
      'GET /api/admin/returns/:id': { params: { id: pool.returns.requested } },
      'POST /api/admin/returns/:id/approve': {
        params: { id: pool.returns.requested },
        body: { message: 'Label inside' },
      },
      'POST /api/admin/returns/:id/refuse': { params: { id: pool.returns.requested }, body: { message: 'Worn' } },
      'POST /api/admin/returns/:id/receive': { params: { id: pool.returns.approved } },
      'POST /api/admin/returns/:id/refund': { params: { id: pool.returns.received }, body: { restock: true } },
      'POST /api/admin/orders/:id/refunds/:refundId/retry': {
        params: { id: failedRefund.orderId, refundId: failedRefund.refundId },
      },
      'GET /api/admin/customers': { query: { status: 'active', q: 'example.com', sort: 'lifetimeSpend' } },
      'GET /api/admin/customers/:id': { params: { id: cast.buyer.userId } },
      'GET /api/admin/customers/:id/data': { params: { id: cast.buyer.userId } },
      // An owner's account: refused (only customers are erased), so the cast stays whole.
      'POST /api/admin/customers/:id/erase': { params: { id: cast.owner.userId } },
      'POST /api/admin/customers/:id/disable': {
        params: { id: bystander.userId },
        body: { reason: 'Chargeback fraud' },
      },
      'POST /api/admin/customers/:id/enable': {
        params: { id: bystander.userId },
        body: { reason: 'Resolved by phone' },
      },
      'GET /api/admin/catalog-import/:id': { params: { id: importJob } },
      'GET /api/admin/catalog-import/:id/lines': {
        params: { id: importJob },
        query: { action: 'create', page: 1, pageSize: 10 },
      },
      'POST /api/admin/catalog-import/:id/apply': { params: { id: importJob } },
      'GET /api/collections/:slug/products': {
        params: { slug: 'fuzz-picks' },
        query: { sort: 'price-asc', limit: 12 },
      },
      'POST /api/admin/collections': {
        body: { name: 'Fuzz Rule', slug: 'fuzz-rule', kind: 'rule', rule: { tags: ['cotton'], maxPrice: 80 } },
      },
      'PUT /api/admin/collections/:id': {
        params: { id: FUZZ_COLLECTION },
        body: { name: 'Fuzz Picks', slug: 'fuzz-picks', kind: 'manual', productIds: [product] },
      },
      'PUT /api/admin/collections/home-sections': { body: { heroId: FUZZ_COLLECTION, featuredIds: [] } },
      'PUT /api/admin/categories/:slug/banner': {
        params: { slug: 'kids' },
        body: { image: '/images/banners/kids.svg', alt: 'Kids wear', width: 1440, height: 360 },
      },
    }),
  );
}

beforeAll(async () => {
  console.log(
    `API fuzz on ${t.database.kind}: seed ${SEED} (FUZZ_SEED), FUZZ_RUNS ${RUNS}: runs per route ` +
      `${ROLES.map((role) => `${role} ${RUNS_AS[role]}`).join(', ')}; ${targets.length} routes`,
  );
  const { db } = t.database;
  [product, spareProduct] = (await insertProducts(db, [
    buildProduct({ name: 'Fuzz Tee', slug: 'fuzz-tee', priceCents: 2_500, sizes: [{ size: 'M', stock: 100_000 }] }),
    buildProduct({
      name: 'Spare Tee',
      slug: 'spare-tee',
      sizes: [
        { size: 'S', stock: 3 },
        { size: 'M', stock: 0 },
      ],
    }),
  ])) as [string, string];
  productColour = await firstColourId(db, product);
  await db.insert(coupons).values([
    { code: 'FUZZ10', kind: 'percent', value: 10 },
    { code: 'SPARE5', kind: 'fixed', value: 500, usageLimit: 10 },
  ]);
  for (const member of Object.keys(WANTED_ROLE) as Member[]) cast[member] = await newAccount(member);
  bystander = await verifiedShopper(t.app, t.database);
  sidekick = await signUpStaff(t.app, t.database, 'staff');
  await keepCast();

  // The customer's own order, card and open payment: the storefront's examples.
  const customer = cast.customer;
  const paid = await createIntentOk(t.app, customer.accessToken);
  const card = await payWithCard(t.app, paid);
  const confirmed = (await confirmOrder(t.app, customer.accessToken, paid.paymentIntentId)).json<{
    order: { _id: string; orderNumber: string };
  }>().order;
  const paymentMethod = card.paymentMethod?.id ?? 'pm_test_none';
  customerOrder = { id: confirmed._id, orderNumber: confirmed.orderNumber, paid: paid.paymentIntentId, paymentMethod };
  await saveCard(t.app, customer.accessToken, paymentMethod);
  await keepCast(); // refills the cart the order emptied
  openIntent = await createIntentOk(t.app, customer.accessToken);

  guestCart = await guestWithOrder();

  await keepOrders();
  // The buyer bought the product, so its review is a verified purchase the back office can hide.
  const review = await t.app.inject({
    method: 'POST',
    url: `/api/reviews/products/${product}`,
    headers: authHeader(cast.buyer.accessToken),
    payload: { rating: 4, content: 'Good fit, washes well.' },
  });
  expect(review.statusCode, review.body).toBeLessThan(300);
  reviewId = (await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.userId, cast.buyer.userId)))[0]!.id;

  // A real upload, so the uploads route and the gallery have a picture to serve and reorder.
  const picture = await makeImage(48, 32, 'png');
  const file = multipartFile(picture, { filename: 'tee.png', contentType: 'image/png' });
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/${product}/images`,
    headers: { ...authHeader(cast.owner.accessToken), ...file.headers },
    payload: file.payload,
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const variants = await db.select({ variants: productImages.variants }).from(productImages);
  uploadKeys = variants.flatMap((row) => (row.variants as { key: string }[]).map((v) => v.key));
  // A catalog file of the shop's own export with one product more: the import's dry run plans it.
  const exported = await t.app.inject({
    method: 'GET',
    url: '/api/admin/products/export.csv',
    headers: authHeader(cast.owner.accessToken),
  });
  expect(exported.statusCode, exported.body).toBe(200);
  const catalogFile = Buffer.from(
    `${exported.body}fuzz-import-tee,Fuzz Import Tee,,Fuzzwear,,,TRUE,Size,M,Colour,Navy,,25.00,,4,,,,active,,men,#1f2a44\n`,
  );
  const catalogForm = multipartFile(catalogFile, { filename: 'products.csv', contentType: 'text/csv' });
  const planned = await t.app.inject({
    method: 'POST',
    url: '/api/admin/catalog-import',
    headers: { ...authHeader(cast.owner.accessToken), ...catalogForm.headers },
    payload: catalogForm.payload,
  });
  expect(planned.statusCode, planned.body).toBe(201);
  importJob = planned.json<{ import: { id: string } }>().import.id;
  files = [
    picture,
    await makeImage(16, 16, 'jpeg'),
    pngBomb(30_000, 30_000),
    picture.subarray(0, picture.length / 2),
    catalogFile,
  ];
});

afterAll(async () => {
  const seconds = Math.round((Date.now() - started) / 1000);
  const lines = ROLES.map((role) => {
    const s = stats[role];
    return (
      `  ${role.padEnd(8)} ${RUNS_AS[role]} runs per route, ${s.requests} requests over ${s.routes.size} routes ` +
      `in ${(s.ms / 1000).toFixed(1)} s, ${s.succeeded} answered 2xx, ${s.serverErrors} 5xx` +
      `${s.cutShort ? `, ${s.cutShort} routes cut short by the time budget` : ''}` +
      `${s.newAccounts ? `, account replaced ${s.newAccounts} times` : ''}`
    );
  });
  const ms = (part: keyof typeof spent) => `${(spent[part] / 1000).toFixed(1)} s`;
  console.log(
    `API fuzz on ${t.database.kind} done in ${seconds} s (requests ${ms('requests')}, invariant checks ` +
      `${ms('invariants')}, fixtures ${ms('fixtures')}): seed ${SEED}, FUZZ_RUNS ${RUNS}\n${lines.join('\n')}`,
  );
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
      requests: ROLES.reduce((n, role) => n + stats[role].requests, 0),
      serverErrors: ROLES.reduce((n, role) => n + stats[role].serverErrors, 0),
      seed: SEED,
      runs: RUNS,
      roles: Object.fromEntries(
        ROLES.map((role) => [
          role,
          { runs: RUNS_AS[role], requests: stats[role].requests, serverErrors: stats[role].serverErrors },
        ]),
      ),
      seconds,
    }),
  );
});

/** Turns guest checkout on and has a guest buy once, keeping a cart: its cookie, order and email. */
async function guestWithOrder(): Promise<typeof guestCart> {
  await t.database.db
    .insert(shopSettings)
    .values({ id: 1, guestCheckout: true })
    .onConflictDoUpdate({ target: shopSettings.id, set: { guestCheckout: true } });
  const add = (cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: cookie === undefined ? {} : { cookie: `${GUEST_CART_COOKIE}=${cookie}` },
      payload: { productId: product, colourId: productColour, ...LINE },
    });
  const added = await add();
  const cookie = added.cookies.find((c) => c.name === GUEST_CART_COOKIE)?.value ?? '';
  const asGuest = { cookie: `${GUEST_CART_COOKIE}=${cookie}` };
  const email = 'fuzz-guest@example.com';
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    headers: asGuest,
    payload: { shippingInfo: SHIPPING, email },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  await payWithCard(t.app, intent.json());
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/payment/confirm-order',
    headers: asGuest,
    payload: { paymentIntentId: intent.json().paymentIntentId },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect((await add(cookie)).statusCode).toBe(200);
  return { cookie, orderNumber: confirmed.json().order.orderNumber, email };
}

async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers = { ...request.headers };
  const token = request.role === 'guest' ? undefined : cast[request.role].accessToken;
  if (request.role === 'guest' && request.credential === 'none' && headers.cookie === undefined) {
    headers.cookie = `${GUEST_CART_COOKIE}=${guestCart.cookie}`;
  }
  if (token && request.credential === 'token') headers['auth-token'] = token;
  if (token && request.credential === 'bearer') headers.authorization = `Bearer ${token}`;
  stats[request.role].requests += 1;
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  if (response.statusCode >= 500) stats[request.role].serverErrors += 1;
  if (response.statusCode < 300) stats[request.role].succeeded += 1;
  return response;
}

/** The request as a failure names it: enough to replay it by hand. */
function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : typeof request.payload === 'string'
        ? request.payload.slice(0, 500)
        : `<${request.payload.length} bytes> ${request.payload.subarray(0, 300).toString('latin1')}`;
  return (
    `${request.method} ${request.url.slice(0, 500)} as ${request.role} (credential: ${request.credential})\n` +
    `headers: ${JSON.stringify(request.headers).slice(0, 500)}\npayload: ${payload}`
  );
}

const reproduce = `reproduce with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} on ${t.database.kind}`;

/** The answer's text: a long error list is compressed like any other answer when the request accepts it. */
function answerText(response: LightMyRequestResponse): string {
  const encoding = String(response.headers['content-encoding'] ?? '');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'deflate') return inflateSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** What every answer must be: no 5xx, and an error in the contract's shape. */
function checkAnswer(request: FuzzRequest, response: LightMyRequestResponse): void {
  const text = answerText(response);
  const what = () => `${describeRequest(request)}\n→ ${response.statusCode}: ${text.slice(0, 500)}\n(${reproduce})`;
  if (response.statusCode >= 500) throw new Error(`server error:\n${what()}`);
  if (response.statusCode < 400 || request.method === 'HEAD') return;
  // Image routes answer a missing image with the placeholder image itself (docs/product.md#images), by design.
  if (String(response.headers['content-type']).startsWith('image/')) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`error answer is not JSON:\n${what()}`);
  }
  if (!ErrorBodySchema.safeParse(body).success)
    throw new Error(`error answer outside the contract's shape:\n${what()}`);
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One seed per route and role, derived from the run's seed: a route added later does not change the others' runs. */
const seedOf = (route: FuzzRoute, role: Role) =>
  (SEED ^
    createHash('sha256')
      .update(`${role} ${keyOf(route)}`)
      .digest()
      .readInt32LE(0)) |
  0;

describe(`API fuzz on ${t.database.kind}: ${targets.length} routes as ${ROLES.join(', ')}`, () => {
  it('reads every route from the router, ours and the plugins’, with the schemas they were registered with', () => {
    const names = targets.map(keyOf);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/payment/my-orders',
        'POST /api/admin/orders/:id/refunds',
        'PATCH /api/admin/coupons/:code',
        'GET /api/cart/',
        'GET /metrics',
        'GET /api/docs/static/*',
      ]),
    );
    expect([...schemasOf.keys()].filter((key) => !holds(key))).toEqual([]);
    expect(routeOf('POST /api/admin/coupons').body).toBeDefined();
  });

  for (const role of ROLES) {
    describe(`as ${role}, ${RUNS_AS[role]} requests each`, () => {
      it.for(targets.map((route) => [keyOf(route), route] as const))(
        '%s answers no 5xx, errors in the contract shape, and keeps the invariants',
        async ([key, route]) => {
          const start = performance.now();
          const { known, examples } = await timed('fixtures', prepare);
          const example = examples.get(`${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`);
          const changes = CHANGES.has(route.method);
          let sent = 0;
          await fc.assert(
            fc.asyncProperty(requestFor(route, known, role, example), async (request) => {
              sent += 1;
              stats[role].routes.add(key);
              checkAnswer(request, await timed('requests', () => send(request)));
              if (changes && CHECK_EACH_REQUEST) {
                const after = `${describeRequest(request)}\n(${reproduce})`;
                await timed('invariants', () => assertShopInvariants(t.database.db, after));
              }
            }),
            { seed: seedOf(route, role), numRuns: RUNS_AS[role], plugins: [fc.interruptAfterTimeLimit(BUDGET_MS)] },
          );
          if (sent < RUNS_AS[role]) stats[role].cutShort += 1;
          if (changes) {
            dirty = true;
            const after = `the requests to ${key} as ${role} (${reproduce}; FUZZ_CHECK_EACH=1 names the request)`;
            await timed('invariants', () => assertShopInvariants(t.database.db, after));
          }
          stats[role].ms += performance.now() - start;
        },
      );
    });
  }

  it('leaves the shop invariants holding', async () => {
    await assertShopInvariants(t.database.db, `the whole run (${reproduce})`);
  });

  it('fuzzed every registered route as every role, bar the exclusions', () => {
    expect([...EXCLUDED.keys()].filter((key) => !registered.includes(key))).toEqual([]);
    for (const role of ROLES) {
      const missing = targets.map(keyOf).filter((key) => !stats[role].routes.has(key));
      expect(missing, `routes never fuzzed as ${role}`).toEqual([]);
      expect(stats[role].routes.size).toBe(registered.length - EXCLUDED.size);
      expect(stats[role].serverErrors).toBe(0);
    }
  });
});
