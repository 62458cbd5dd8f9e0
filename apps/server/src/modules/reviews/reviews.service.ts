import {
  MESSAGES,
  type Review,
  type ReviewListAnswer,
  type ReviewListQuery,
  type ReviewBodySchema,
  totalPagesFor,
} from '@shopper/contract';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type ReviewRow, reviews } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogChanges, CatalogService } from '../catalog/index.ts';
import type { OrdersService } from '../orders/index.ts';
import { type RatingDistribution, type RatingSummary, summarize } from './rating-summary.ts';

export type ReviewInput = z.output<typeof ReviewBodySchema>;
export type ReviewAuthor = { userId: string; name: string };
export type ProductRating = { rating: number; reviewCount: number };

export type ReviewsService = ReturnType<typeof createReviewsService>;

/** Moderation hides a review without deleting it (docs/product.md#review-moderation). */
export const isVisible = isNull(reviews.hiddenAt);

export function toReviewView(row: ReviewRow, viewerId: string | null): Review {
  return {
    _id: row.id,
    productId: row.productId,
    user: { name: row.authorName },
    date: row.createdAt.toISOString(),
    rating: row.rating,
    content: row.content,
    verifiedPurchase: row.verifiedPurchase,
    isMine: viewerId !== null && row.userId === viewerId,
  };
}

/**
 * Product reviews (docs/product.md#reviews): one per customer per product. Every write
 * recomputes the product's rating and review count in its own transaction, with the product row
 * locked so concurrent writes queue, then clears the catalog read cache that serves them.
 */
export function createReviewsService({
  db,
  catalog,
  catalogChanges,
  orders,
  clock,
}: {
  db: Database;
  catalog: CatalogService;
  catalogChanges: Pick<CatalogChanges, 'changedHere'>;
  orders: OrdersService;
  clock: () => Date;
}) {
  const notFound = (productId: string) => new AppError('NOT_FOUND', MESSAGES.productIdNotFound(productId));

  async function summaryOf(executor: Database, productId: string): Promise<RatingSummary> {
    const rows = await executor
      .select({ rating: reviews.rating, count: sql<number>`count(*)`.mapWith(Number) })
      .from(reviews)
      // Hidden reviews count nowhere: not in the rating, the distribution or the pages.
      .where(and(eq(reviews.productId, productId), isVisible))
      .groupBy(reviews.rating);
    return summarize(rows);
  }

  async function recompute(tx: Database, productId: string): Promise<ProductRating> {
    const summary = await summaryOf(tx, productId);
    const product = { rating: summary.average, reviewCount: summary.total };
    await catalog.setRatingSummary(tx, productId, product);
    return product;
  }

  return {
    recompute,

    /** A page of a product's reviews, newest or oldest first, optionally of one star rating. */
    async list(
      productId: string,
      query: ReviewListQuery,
      viewerId: string | null,
    ): Promise<Omit<ReviewListAnswer, 'success'>> {
      if (!(await catalog.exists(productId))) throw notFound(productId);
      const summary = await summaryOf(db, productId);
      const totalReviews =
        query.rating === undefined ? summary.total : summary.distribution[query.rating as keyof RatingDistribution];
      const direction = query.sort === 'date-asc' ? asc : desc;
      const offset = (query.page - 1) * query.limit;
      const rows =
        offset >= totalReviews
          ? []
          : await db
              .select()
              .from(reviews)
              .where(
                and(
                  eq(reviews.productId, productId),
                  isVisible,
                  query.rating === undefined ? undefined : eq(reviews.rating, query.rating),
                ),
              )
              // The id breaks ties so pages never overlap or skip a review.
              .orderBy(direction(reviews.createdAt), direction(reviews.id))
              .limit(query.limit)
              .offset(offset);
      return {
        reviews: rows.map((row) => toReviewView(row, viewerId)),
        pagination: {
          page: query.page,
          limit: query.limit,
          totalReviews,
          totalPages: totalPagesFor(totalReviews, query.limit),
          hasMore: offset + rows.length < totalReviews,
        },
        ratings: summary,
      };
    },

    /** Creates the customer's review of the product, or updates it when they already wrote one. */
    async save(
      productId: string,
      author: ReviewAuthor,
      input: ReviewInput,
    ): Promise<{ isNew: boolean; review: Review; product: ProductRating }> {
      const now = clock();
      const result = await db.transaction(async (tx) => {
        if (!(await catalog.lockForRatingChange(tx, productId))) throw notFound(productId);
        const verifiedPurchase = await orders.hasPurchased(author.userId, productId, tx);
        const fields = {
          // The name as it is now: a later rename shows on the next edit, not on old reviews.
          authorName: author.name,
          rating: input.rating,
          content: input.content,
          verifiedPurchase,
          updatedAt: now,
        };
        const mine = and(eq(reviews.productId, productId), eq(reviews.userId, author.userId));
        const [existing] = await tx.select({ id: reviews.id }).from(reviews).where(mine).limit(1);
        const [row] = existing
          ? await tx.update(reviews).set(fields).where(eq(reviews.id, existing.id)).returning()
          : await tx
              .insert(reviews)
              .values({ ...fields, productId, userId: author.userId, createdAt: now })
              .returning();
        if (!row) throw new Error(`saving the review of ${productId} returned no row`);
        return { isNew: !existing, review: toReviewView(row, author.userId), product: await recompute(tx, productId) };
      });
      catalogChanges.changedHere();
      return result;
    },

    /** Removes the customer's review of the product; removing one that does not exist changes nothing. */
    async removeMine(productId: string, userId: string): Promise<{ wasDeleted: boolean; product: ProductRating }> {
      const result = await db.transaction(async (tx) => {
        if (!(await catalog.lockForRatingChange(tx, productId))) throw notFound(productId);
        const deleted = await tx
          .delete(reviews)
          .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
          .returning({ id: reviews.id });
        return { wasDeleted: deleted.length > 0, product: await recompute(tx, productId) };
      });
      catalogChanges.changedHere();
      return result;
    },
  };
}
