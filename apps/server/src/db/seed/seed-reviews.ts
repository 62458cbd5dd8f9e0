import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { products, reviews } from '../schema.ts';
import { buildDemoReviews } from './demo-reviews.ts';
import type { CatalogProductInput } from './seed-catalog.ts';

/** Arbitrary constant naming the advisory lock that serialises review seeding across instances. */
const SEED_LOCK_KEY = 7_230_003;
/** Rows per insert statement: 8 parameters a row stays far below PostgreSQL's 65 535. */
const BATCH = 500;

/**
 * Seeds demo reviews for the demo products present when the shop has no review at all, then sets
 * those products' rating and review count from their reviews (rounded as the reviews module does:
 * half up to one decimal, 0 without reviews). Seeded reviews belong to no account (userId null).
 */
export async function seedReviewsIfEmpty(db: Database, items: readonly CatalogProductInput[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(reviews);
    if ((existing?.n ?? 0) > 0 || items.length === 0) return 0;
    const rows = await tx
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(
        inArray(
          products.slug,
          items.map((item) => item.slug),
        ),
      );
    if (rows.length === 0) return 0;
    const idBySlug = new Map(rows.map((row) => [row.slug, row.id]));
    const values = buildDemoReviews(items.filter((item) => idBySlug.has(item.slug))).map((review) => ({
      productId: idBySlug.get(review.slug) as string,
      userId: null,
      authorName: review.authorName,
      rating: review.rating,
      content: review.content,
      verifiedPurchase: review.verifiedPurchase,
      createdAt: review.createdAt,
      updatedAt: review.createdAt,
    }));
    for (let i = 0; i < values.length; i += BATCH) {
      await tx.insert(reviews).values(values.slice(i, i + BATCH));
    }
    const ids = rows.map((row) => row.id);
    await tx
      .update(products)
      .set({
        reviewCount: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${products.id})::int`,
        rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 1) from ${reviews} where ${reviews.productId} = ${products.id}), 0)::float8`,
      })
      .where(inArray(products.id, ids));
    return values.length;
  });
}
