import { ReviewBodySchema } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { averageRating } from '../../modules/reviews/index.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import type { DatabaseHandle } from '../client.ts';
import { products, reviews } from '../schema.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';
import { buildDemoReviews, ratingsNear, seededRandom } from './demo-reviews.ts';
import { seedCatalogIfEmpty } from './seed-catalog.ts';
import { seedReviewsIfEmpty } from './seed-reviews.ts';

describe('buildDemoReviews', () => {
  const demo = buildDemoReviews(DEMO_PRODUCTS);
  const bySlug = new Map<string, typeof demo>();
  for (const r of demo) bySlug.set(r.slug, [...(bySlug.get(r.slug) ?? []), r]);

  it('reviews at least 80% of the demo catalog', () => {
    expect(bySlug.size / DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(0.8);
    expect(bySlug.size).toBeLessThan(DEMO_PRODUCTS.length);
  });

  it('is deterministic', () => {
    expect(buildDemoReviews(DEMO_PRODUCTS)).toEqual(demo);
  });

  it('keeps each product’s average near its seeded rating, with distinct reviewers dated after publication', () => {
    for (const product of DEMO_PRODUCTS) {
      const own = bySlug.get(product.slug) ?? [];
      if (own.length === 0) continue;
      expect(own.length).toBeGreaterThanOrEqual(3);
      const mean = own.reduce((sum, r) => sum + r.rating, 0) / own.length;
      expect(Math.abs(mean - product.rating), product.slug).toBeLessThanOrEqual(0.1);
      expect(new Set(own.map((r) => r.authorName)).size).toBe(own.length);
      for (const r of own) expect(r.createdAt.getTime()).toBeGreaterThan(Date.parse(product.publishedAt));
    }
  });

  it('writes valid, varied texts by invented reviewers, about 30% verified', () => {
    for (const r of demo) {
      expect(ReviewBodySchema.safeParse({ rating: r.rating, content: r.content }).success, r.content).toBe(true);
      expect(r.authorName).toMatch(/^\p{Lu}\p{Ll}+ [A-Z]\.$/u);
      expect(r.content).not.toMatch(/[{}]/);
    }
    expect(new Set(demo.map((r) => r.content)).size / demo.length).toBeGreaterThan(0.9);
    const verified = demo.filter((r) => r.verifiedPurchase).length / demo.length;
    expect(verified).toBeGreaterThan(0.2);
    expect(verified).toBeLessThan(0.4);
    expect(new Set(demo.map((r) => r.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('spreads ratings around any target', () => {
    const random = seededRandom(42);
    for (const target of [1, 2.9, 3.5, 4.4, 5]) {
      const ratings = ratingsNear(random, target, 20);
      expect(ratings.reduce((a, b) => a + b, 0)).toBe(Math.round(target * 20));
      expect(ratings.every((r) => Number.isInteger(r) && r >= 1 && r <= 5)).toBe(true);
    }
  });
});

describe('averageRating', () => {
  it('rounds half up to one decimal, 0 without reviews', () => {
    expect(averageRating(0, 0)).toBe(0);
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(89, 20)).toBe(4.5);
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(29, 8)).toBe(3.6);
    expect(averageRating(46, 12)).toBe(3.8);
  });
});

describe('seedReviewsIfEmpty', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalogIfEmpty(database.db, DEMO_PRODUCTS);
  });

  afterAll(async () => {
    await database.close();
  });

  it('seeds once, and leaves every product’s rating and count consistent with its reviews', async () => {
    const seeded = await seedReviewsIfEmpty(database.db, DEMO_PRODUCTS);
    expect(seeded).toBe(buildDemoReviews(DEMO_PRODUCTS).length);
    expect(await seedReviewsIfEmpty(database.db, DEMO_PRODUCTS)).toBe(0);

    const productRows = await database.db.select().from(products);
    const reviewRows = await database.db.select().from(reviews);
    expect(reviewRows).toHaveLength(seeded);
    expect(reviewRows.every((r) => r.userId === null)).toBe(true);
    const reviewed = productRows.filter((p) => p.reviewCount > 0);
    expect(reviewed.length / productRows.length).toBeGreaterThanOrEqual(0.8);
    for (const product of productRows) {
      const own = reviewRows.filter((r) => r.productId === product.id);
      const sum = own.reduce((total, r) => total + r.rating, 0);
      expect(product.reviewCount, product.slug).toBe(own.length);
      expect(product.rating, product.slug).toBe(averageRating(sum, own.length));
      for (const r of own) expect(r.createdAt.getTime()).toBeGreaterThan(product.publishedAt.getTime());
    }
  });
});
