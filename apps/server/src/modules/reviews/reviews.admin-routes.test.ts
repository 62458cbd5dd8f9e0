import { ADMIN_CATALOG_MESSAGES as M, type AdminReview } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reviews } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;
let productId: string;
let rudeId: string;

beforeAll(async () => {
  t = await createTestApp({ CATALOG_CACHE_TTL_MS: '60000' });
  cast = await backOfficeCast(t.app, t.database);
  [productId] = (await insertProducts(t.database.db, [buildProduct({ name: 'Moderated Hoodie', rating: 0 })])) as [
    string,
  ];
  const rows = await t.database.db
    .insert(reviews)
    .values([
      { productId, authorName: 'Ada', rating: 5, content: 'Warm and soft, true to size.' },
      { productId, authorName: 'Grace', rating: 4, content: 'Good hoodie, the hood is a bit small.' },
      { productId, authorName: 'Troll', rating: 1, content: 'Visit my spam site for cheap hoodies!!!' },
    ])
    .returning({ id: reviews.id, rating: reviews.rating });
  rudeId = rows.find((r) => r.rating === 1)?.id ?? '';
  // Warm the storefront cache, so the test shows that moderation clears it.
  await storefrontReviews();
});
afterAll(async () => await t.close());

const post = (url: string, payload?: object, headers = cast.staff.headers) =>
  t.app.inject({ method: 'POST', url, payload, headers });

async function storefrontReviews() {
  const response = await t.app.inject({ method: 'GET', url: `/api/reviews/products/${productId}?limit=50` });
  expect(response.statusCode).toBe(200);
  return response.json<{
    reviews: { _id: string }[];
    ratings: { average: number; total: number; distribution: Record<string, number> };
  }>();
}

const storefrontProduct = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json<{
    product: { rating: number; reviewCount: number };
  }>().product;

describe('review moderation', () => {
  it('is for staff: guest 401, customer 403', async () => {
    for (const request of [
      { method: 'GET', url: '/api/admin/reviews' },
      { method: 'POST', url: `/api/admin/reviews/${rudeId}/hide`, payload: { reason: 'Spam link' } },
      { method: 'POST', url: `/api/admin/reviews/${rudeId}/unhide` },
    ] as const) {
      const answers = await guardAnswers(t.app, cast, request);
      expect([answers.guest, answers.customer], request.url).toEqual([401, 403]);
      expect(answers.staff).toBe(200);
    }
  });

  it('hides a review: it leaves the storefront, the rating and the distribution at once, with an audit row', async () => {
    const before = await storefrontReviews();
    expect(before.ratings.total).toBe(3);
    const hide = await post(`/api/admin/reviews/${rudeId}/hide`, { reason: '  Spam link  ' });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json().review).toMatchObject({
      isHidden: true,
      hiddenReason: 'Spam link',
      productName: 'Moderated Hoodie',
    });

    const after = await storefrontReviews();
    expect(after.reviews.map((r) => r._id)).not.toContain(rudeId);
    expect(after.ratings).toEqual({ average: 4.5, total: 2, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } });
    expect(await storefrontProduct()).toMatchObject({ rating: 4.5, reviewCount: 2 });
    const oneStar = await t.app.inject({ method: 'GET', url: `/api/reviews/products/${productId}?rating=1` });
    expect(oneStar.json().reviews).toEqual([]);

    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'review'), eq(auditLog.entityId, rudeId), eq(auditLog.action, 'review.hide')));
    expect(row).toMatchObject({ actorId: cast.staff.userId });
    expect(row?.after).toMatchObject({ hiddenReason: 'Spam link', productRating: 4.5, productReviewCount: 2 });
  });

  it('lists hidden reviews for staff, with search, filters and paging', async () => {
    const list = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/reviews?${query}`,
        headers: cast.staff.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: AdminReview[]; total: number }>();
    };
    expect((await list('visibility=hidden')).items.map((r) => r.id)).toEqual([rudeId]);
    expect(
      (await list(`productId=${productId}&visibility=visible&sort=rating&dir=desc`)).items.map((r) => r.rating),
    ).toEqual([5, 4]);
    expect((await list('q=hood%20is')).items.map((r) => r.author)).toEqual(['Grace']);
    expect((await list('rating=5')).total).toBe(1);
    expect((await list('productId=not-a-product')).total).toBe(0);
    expect((await list('pageSize=1&page=3')).items).toHaveLength(1);
    for (const bad of ['visibility=secret', 'rating=9', 'sort=author']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/reviews?${bad}`,
        headers: cast.staff.headers,
      });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('unhides: the review, the rating and the count come back', async () => {
    const unhide = await post(`/api/admin/reviews/${rudeId}/unhide`);
    expect(unhide.statusCode, unhide.body).toBe(200);
    expect(unhide.json().review).toMatchObject({ isHidden: false, hiddenReason: null, hiddenAt: null });
    expect((await storefrontReviews()).ratings.total).toBe(3);
    expect(await storefrontProduct()).toMatchObject({ rating: 3.3, reviewCount: 3 });
  });

  it('wants a reason, and answers 404 for a review that does not exist', async () => {
    for (const payload of [{}, { reason: '' }, { reason: 'no' }, { reason: 'x'.repeat(301) }]) {
      const response = await post(`/api/admin/reviews/${rudeId}/hide`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ param: 'reason', msg: M.hideReasonRequired }]);
    }
    const missing = await post('/api/admin/reviews/00000000-0000-4000-8000-000000000000/hide', { reason: 'Spam link' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.reviewNotFound);
    expect((await post('/api/admin/reviews/not-an-id/unhide')).statusCode).toBe(404);
  });
});
