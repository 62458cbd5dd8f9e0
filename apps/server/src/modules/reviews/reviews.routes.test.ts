import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  ProductAnswerSchema,
  REVIEW_CONTENT_MAX,
  REVIEW_MESSAGES as M,
  ReviewAnswerSchema,
  ReviewDeleteAnswerSchema,
  ReviewListAnswerSchema,
} from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, reviews } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, markVerified, signUp, type TestAccount } from '../../test/account-factory.ts';
import { confirmOrder, createIntentOk, payWithCard, putInCart, verifiedShopper } from '../../test/checkout-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createWebhookDelivery } from '../../payments/test-provider/webhook-delivery.ts';

let t: TestApp;
/** 12 reviews by no account, two sharing a timestamp: paging, sorting and the star filter. */
let listed: string;
/** No reviews to begin with: writes and the rating they recompute. */
let written: string;
let bought: string;
let alice: TestAccount;
let bob: TestAccount;
let carol: TestAccount;

const LISTED_RATINGS = [5, 5, 4, 5, 3, 4, 1, 5, 2, 4, 5, 3];
const GOOD_TEXT = 'Lovely fabric and a great fit, would buy again.';

beforeAll(async () => {
  t = await createTestApp({}, { payments: { webhookDelivery: createWebhookDelivery({ mode: 'none' }) } });
  [listed, written, bought] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Much Reviewed Tee' }),
    buildProduct({ name: 'Freshly Reviewed Shirt', types: ['shirts'], rating: 4.5 }),
    buildProduct({ name: 'Bought Hoodie', types: ['hoodies'], priceCents: 3_000, sizes: [{ size: 'M', stock: 20 }] }),
  ])) as [string, string, string];
  await t.database.db.insert(reviews).values(
    LISTED_RATINGS.map((rating, i) => ({
      productId: listed,
      userId: null,
      authorName: `Reviewer ${i}`,
      rating,
      content: `Review number ${i} of the much reviewed tee.`,
      // The last two share a moment: the id must order them the same way on every page.
      createdAt: new Date(Date.UTC(2026, 0, Math.min(i, 10) + 1, 12)),
    })),
  );
  [alice, bob, carol] = [await verifiedSignUp(), await verifiedSignUp(), await verifiedSignUp()];
});

/** Writing a review needs a verified email (decision 013). */
async function verifiedSignUp(): Promise<TestAccount> {
  const account = await signUp(t.app);
  await markVerified(t.database, account.userId);
  return account;
}

afterAll(async () => {
  await t.close();
});

function get(productId: string, query = '', headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/reviews/products/${productId}${query}`, headers });
}

async function page(productId: string, query = '', headers: Record<string, string> = {}) {
  const response = await get(productId, query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return ReviewListAnswerSchema.parse(response.json());
}

function post(productId: string, body: unknown, account?: TestAccount) {
  return t.app.inject({
    method: 'POST',
    url: `/api/reviews/products/${productId}`,
    headers: account ? authHeader(account.accessToken) : {},
    payload: body as Record<string, unknown>,
  });
}

async function review(productId: string, account: TestAccount, rating: number, content = GOOD_TEXT) {
  const response = await post(productId, { rating, content }, account);
  expect([200, 201], response.body).toContain(response.statusCode);
  return { status: response.statusCode, answer: ReviewAnswerSchema.parse(response.json()) };
}

function remove(productId: string, account?: TestAccount) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/reviews/products/${productId}/mine`,
    headers: account ? authHeader(account.accessToken) : {},
  });
}

function expect400(response: LightMyRequestResponse, param: string, msg?: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ code: string; errors?: { param: string; msg: string }[] }>();
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.errors, response.body).toContainEqual(
    msg === undefined ? expect.objectContaining({ param }) : { param, msg },
  );
}

/** The 12 listed reviews as the database orders them: newest first, the id breaking ties. */
async function expectedNewestFirst(rating?: number): Promise<string[]> {
  const rows = await t.database.db.select().from(reviews).where(eq(reviews.productId, listed));
  return rows
    .filter((r) => rating === undefined || r.rating === rating)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((r) => r.id);
}

describe('GET /api/reviews/products/:productId', () => {
  it('pages newest first, 5 by default, with page info and hasMore', async () => {
    const ids = await expectedNewestFirst();
    const first = await page(listed);
    expect(first.reviews.map((r) => r._id)).toEqual(ids.slice(0, 5));
    expect(first.pagination).toEqual({ page: 1, limit: 5, totalReviews: 12, totalPages: 3, hasMore: true });
    const second = await page(listed, '?page=2');
    expect(second.reviews.map((r) => r._id)).toEqual(ids.slice(5, 10));
    expect(second.pagination.hasMore).toBe(true);
    const third = await page(listed, '?page=3');
    expect(third.reviews.map((r) => r._id)).toEqual(ids.slice(10));
    expect(third.pagination).toMatchObject({ page: 3, totalReviews: 12, hasMore: false });
    const past = await page(listed, '?page=9');
    expect(past.reviews).toEqual([]);
    expect(past.pagination).toMatchObject({ page: 9, totalReviews: 12, totalPages: 3, hasMore: false });
  });

  it('honours the limit (the counts call asks for 1) and the oldest-first sort', async () => {
    const ids = await expectedNewestFirst();
    const one = await page(listed, '?limit=1');
    expect(one.reviews.map((r) => r._id)).toEqual(ids.slice(0, 1));
    expect(one.pagination).toMatchObject({ limit: 1, totalPages: 12, hasMore: true });
    const all = await page(listed, '?limit=50&sort=date-desc');
    expect(all.reviews.map((r) => r._id)).toEqual(ids);
    const oldest = await page(listed, '?limit=50&sort=date-asc');
    expect(oldest.reviews.map((r) => r._id)).toEqual([...ids].reverse());
    const oldestPaged = [
      ...(await page(listed, '?sort=date-asc&limit=5&page=1')).reviews,
      ...(await page(listed, '?sort=date-asc&limit=5&page=2')).reviews,
      ...(await page(listed, '?sort=date-asc&limit=5&page=3')).reviews,
    ];
    expect(oldestPaged.map((r) => r._id)).toEqual([...ids].reverse());
  });

  it('counts every star over all reviews; the star filter changes totalReviews only', async () => {
    const expected = { 1: 1, 2: 1, 3: 2, 4: 3, 5: 5 };
    const unfiltered = await page(listed);
    expect(unfiltered.ratings).toEqual({ average: 3.8, total: 12, distribution: expected });
    const fives = await page(listed, '?rating=5&limit=2');
    expect(fives.ratings).toEqual(unfiltered.ratings);
    expect(fives.pagination).toMatchObject({ totalReviews: 5, totalPages: 3, hasMore: true });
    expect(fives.reviews.map((r) => r._id)).toEqual((await expectedNewestFirst(5)).slice(0, 2));
    expect(fives.reviews.every((r) => r.rating === 5)).toBe(true);
    const fours = await page(listed, '?rating=4&limit=50');
    expect(fours.reviews.map((r) => r._id)).toEqual(await expectedNewestFirst(4));
    expect(fours.pagination).toMatchObject({ totalReviews: 3, hasMore: false });
  });

  it('answers a product without reviews with zeros', async () => {
    const none = await page(bought);
    expect(none.reviews).toEqual([]);
    expect(none.pagination).toEqual({ page: 1, limit: 5, totalReviews: 0, totalPages: 1, hasMore: false });
    expect(none.ratings).toEqual({ average: 0, total: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });

  it('shows each review in the shape of docs/product.md#entities', async () => {
    const [newest] = (await page(listed, '?limit=1')).reviews;
    expect(newest).toEqual({
      _id: expect.any(String),
      productId: listed,
      user: { name: expect.stringMatching(/^Reviewer \d+$/) },
      date: expect.stringMatching(/^2026-01-11T12:00:00.000Z$/),
      rating: expect.any(Number),
      content: expect.stringContaining('much reviewed tee'),
      verifiedPurchase: false,
      isMine: false,
    });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['limit=abc', 'limit'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['sort=bogus', 'sort'],
    ['sort=rating', 'sort'],
    ['rating=6', 'rating'],
    ['rating=0', 'rating'],
    ['rating=2.5', 'rating'],
  ])('refuses %s with 400 naming %s', async (query, param) => {
    expect400(await get(listed, `?${query}`), param);
  });

  it('answers 404 for an unknown product and for an id that is no uuid', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', "1' or '1'='1"]) {
      const response = await get(encodeURIComponent(id));
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.productIdNotFound(id) });
    }
  });

  it('is public and ignores a bad token instead of failing', async () => {
    const tokens: Record<string, string>[] = [{}, { 'auth-token': 'garbage' }, { authorization: 'Bearer a.b.c' }];
    for (const headers of tokens) {
      const answer = await page(listed, '', headers);
      expect(answer.reviews).toHaveLength(5);
      expect(answer.reviews.every((r) => !r.isMine)).toBe(true);
    }
  });
});

describe('POST /api/reviews/products/:productId', () => {
  it('answers 401 without a token or with a bad one, and writes nothing', async () => {
    expect((await post(written, { rating: 5, content: GOOD_TEXT })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/reviews/products/${written}`,
      headers: { 'auth-token': 'not-a-token' },
      payload: { rating: 5, content: GOOD_TEXT },
    });
    expect(forged.statusCode).toBe(401);
    expect((await remove(written)).statusCode).toBe(401);
    expect((await page(written)).ratings.total).toBe(0);
  });

  it('refuses a customer whose email is not verified (403) and writes nothing', async () => {
    // Decision 013: fresh unverified accounts could flood a product with reviews.
    const stranger = await signUp(t.app);
    const response = await post(written, { rating: 1, content: GOOD_TEXT }, stranger);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      code: 'EMAIL_NOT_VERIFIED',
      message: ACCOUNT_MESSAGES.emailVerificationRequired,
    });
    expect((await page(written)).ratings.total).toBe(0);
  });

  it('answers 404 for an unknown product', async () => {
    for (const id of [randomUUID(), 'nope']) {
      const response = await post(id, { rating: 5, content: GOOD_TEXT }, alice);
      expect(response.statusCode, response.body).toBe(404);
      expect((await remove(id, alice)).statusCode).toBe(404);
    }
  });

  it.each([
    ['no rating', { content: GOOD_TEXT }, 'rating', M.ratingRequired],
    ['rating 0', { rating: 0, content: GOOD_TEXT }, 'rating', M.ratingRequired],
    ['rating 6', { rating: 6, content: GOOD_TEXT }, 'rating', M.ratingRequired],
    ['rating 4.5', { rating: 4.5, content: GOOD_TEXT }, 'rating', M.ratingRequired],
    ['rating "5"', { rating: '5', content: GOOD_TEXT }, 'rating', M.ratingRequired],
    ['rating null', { rating: null, content: GOOD_TEXT }, 'rating', M.ratingRequired],
    ['no content', { rating: 4 }, 'content', M.contentRequired],
    ['blank content', { rating: 4, content: '     ' }, 'content', M.contentRequired],
    ['content as a number', { rating: 4, content: 12345678901 }, 'content', M.contentRequired],
    ['short content', { rating: 4, content: 'Too short' }, 'content', M.contentTooShort],
    ['long content', { rating: 4, content: 'x'.repeat(REVIEW_CONTENT_MAX + 1) }, 'content', M.contentTooLong],
    ['content with NUL', { rating: 4, content: 'Nice shirt\u0000 really nice' }, 'content', undefined],
  ])('refuses %s with its message', async (_label, body, param, msg) => {
    expect400(await post(written, body, alice), param, msg);
    expect((await page(written)).ratings.total).toBe(0);
  });

  it('keeps one review per customer: a second post updates it; rating and count follow every change', async () => {
    const first = await review(written, alice, 5);
    expect(first.status).toBe(201);
    expect(first.answer).toMatchObject({
      message: M.reviewSaved,
      review: { productId: written, rating: 5, content: GOOD_TEXT, isMine: true, verifiedPurchase: false },
      product: { rating: 5, reviewCount: 1 },
    });
    expect((await review(written, bob, 4)).answer.product).toEqual({ rating: 4.5, reviewCount: 2 });
    expect((await review(written, carol, 4)).answer.product).toEqual({ rating: 4.3, reviewCount: 3 });

    const again = await review(written, alice, 1, 'Changed my mind: it shrank in the wash.');
    expect(again.status).toBe(200);
    expect(again.answer).toMatchObject({
      message: M.reviewUpdated,
      review: { _id: first.answer.review._id, rating: 1, content: 'Changed my mind: it shrank in the wash.' },
      product: { rating: 3, reviewCount: 3 },
    });
    const mine = await t.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, written), eq(reviews.userId, alice.userId)));
    expect(mine).toHaveLength(1);
    const listing = await page(written);
    expect(listing.ratings).toEqual({ average: 3, total: 3, distribution: { 1: 1, 2: 0, 3: 0, 4: 2, 5: 0 } });
  });

  it("clears the catalog cache: the product's rating and reviewCount show at once", async () => {
    const productOf = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/products/${written}` });
      return ProductAnswerSchema.parse(response.json()).product;
    };
    const before = await productOf();
    expect(before).toMatchObject({ rating: 3, reviewCount: 3 });
    await review(written, bob, 1);
    expect(await productOf()).toMatchObject({ rating: 2, reviewCount: 3 });
    const removed = ReviewDeleteAnswerSchema.parse((await remove(written, bob)).json());
    expect(removed).toEqual({
      success: true,
      message: M.reviewDeleted,
      wasDeleted: true,
      product: { rating: 2.5, reviewCount: 2 },
    });
    expect(await productOf()).toMatchObject({ rating: 2.5, reviewCount: 2 });
  });

  it('deletes only the caller’s own review, idempotently, down to no reviews at all', async () => {
    const again = ReviewDeleteAnswerSchema.parse((await remove(written, bob)).json());
    expect(again).toMatchObject({ wasDeleted: false, message: M.noReviewToDelete, product: { reviewCount: 2 } });
    await remove(written, alice);
    const last = ReviewDeleteAnswerSchema.parse((await remove(written, carol)).json());
    expect(last.product).toEqual({ rating: 0, reviewCount: 0 });
    expect((await page(written)).ratings.total).toBe(0);
  });

  it('marks isMine only for the author', async () => {
    await review(listed, alice, 4, 'Mine, written by Alice herself.');
    const newestFirst = (headers: Record<string, string>) => page(listed, '?limit=50', headers);
    const forAlice = await newestFirst(authHeader(alice.accessToken));
    expect(forAlice.reviews.filter((r) => r.isMine).map((r) => r.content)).toEqual(['Mine, written by Alice herself.']);
    expect((await newestFirst(authHeader(bob.accessToken))).reviews.some((r) => r.isMine)).toBe(false);
    expect((await newestFirst({})).reviews.some((r) => r.isMine)).toBe(false);
    await remove(listed, alice);
  });

  it('stores hostile text verbatim and answers it as JSON text; never a 5xx', async () => {
    const html = '<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes" \' ; drop table reviews; --';
    const saved = await review(written, alice, 3, html);
    expect(saved.answer.review.content).toBe(html);
    const response = await get(written);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(ReviewListAnswerSchema.parse(response.json()).reviews[0]?.content).toBe(html);

    const unicode = 'Très belle chemise 👕 — 很好 ✓ ‮reversed‬ text';
    expect((await review(written, alice, 4, unicode)).answer.review.content).toBe(unicode);
    const longest = 'y'.repeat(REVIEW_CONTENT_MAX);
    expect((await review(written, alice, 4, `  ${longest}  `)).answer.review.content).toBe(longest);

    const huge = await post(written, { rating: 4, content: 'z'.repeat(200_000) }, alice);
    expect(huge.statusCode).toBe(413);
    const nested = await post(written, { rating: { $gt: 0 }, content: ['array'] }, alice);
    expect(nested.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/reviews/products/${written}`,
      headers: { ...authHeader(alice.accessToken), 'content-type': 'application/json' },
      payload: '{"rating": 5, "content": ',
    });
    expect(notJson.statusCode).toBe(400);
    await remove(written, alice);
  });
});

describe('concurrent writes', () => {
  it('count every review when customers post at the same moment (PostgreSQL runs them in parallel)', async () => {
    const [product] = (await insertProducts(t.database.db, [buildProduct({ name: 'Rush Tee' })])) as [string];
    const crowd = await Promise.all(Array.from({ length: 6 }, () => verifiedSignUp()));
    const answers = await Promise.all(crowd.map((account, i) => review(product, account, (i % 5) + 1)));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const listing = await page(product);
    expect(listing.ratings).toEqual({ average: 2.7, total: 6, distribution: { 1: 2, 2: 1, 3: 1, 4: 1, 5: 1 } });
    const shown = ProductAnswerSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/products/${product}` })).json(),
    ).product;
    expect(shown).toMatchObject({ rating: 2.7, reviewCount: 6 });
  });
});

describe('verified purchase', () => {
  it('is true only with an order of the product that was not cancelled', async () => {
    const buyer = await verifiedShopper(t.app, t.database);
    expect((await review(bought, buyer, 5)).answer.review.verifiedPurchase).toBe(false);

    await putInCart(t.database, buyer.userId, bought, 'M', 1);
    const intent = await createIntentOk(t.app, buyer.accessToken);
    await payWithCard(t.app, intent);
    const confirmed = await confirmOrder(t.app, buyer.accessToken, intent.paymentIntentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const orderId = confirmed.json<{ order: { _id: string } }>().order._id;

    for (const status of ['Processing', 'Shipped', 'Delivered'] as const) {
      await t.database.db.update(orders).set({ status }).where(eq(orders.id, orderId));
      expect((await review(bought, buyer, 5)).answer.review.verifiedPurchase, status).toBe(true);
    }
    const listing = await page(bought);
    expect(listing.reviews[0]?.verifiedPurchase).toBe(true);

    await t.database.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, orderId));
    expect((await review(bought, buyer, 5)).answer.review.verifiedPurchase).toBe(false);

    // An order of another product does not verify this one.
    await t.database.db.update(orders).set({ status: 'Delivered' }).where(eq(orders.id, orderId));
    expect((await review(written, buyer, 4)).answer.review.verifiedPurchase).toBe(false);
    // Nor does someone else's order.
    expect((await review(bought, bob, 4)).answer.review.verifiedPurchase).toBe(false);
  });
});
