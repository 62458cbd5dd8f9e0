import { ADMIN_CATALOG_MESSAGES as M, type AdminReview, type AdminReviewListQuery } from '@shopper/contract';
import { and, asc, desc, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ReviewRow, reviews } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageTotal } from '../../lib/page-total.ts';
import type { CatalogChanges, CatalogService } from '../catalog/index.ts';
import type { AuditRecorder } from '../audit/index.ts';
import { likePattern } from '../../lib/admin-page.ts';
import { isVisible, type ReviewsService } from './reviews.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', M.reviewNotFound);

export type ReviewsAdminService = ReturnType<typeof createReviewsAdminService>;

function toAdminReview(row: ReviewRow, productName: string): AdminReview {
  return {
    id: row.id,
    productId: row.productId,
    productName,
    author: row.authorName,
    rating: row.rating,
    content: row.content,
    date: row.createdAt.toISOString(),
    verifiedPurchase: row.verifiedPurchase,
    isHidden: row.hiddenAt !== null,
    hiddenReason: row.hiddenReason,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
  };
}

/**
 * Review moderation (docs/product.md#review-moderation): hide and unhide with a reason. The product's rating and
 * distribution are recomputed in the same transaction, with the product row locked like any review
 * write (decision 009), and the storefront cache is cleared after the commit.
 */
export function createReviewsAdminService({
  db,
  catalog,
  reviewsService,
  catalogChanges,
  audit,
  clock,
}: {
  db: Database;
  catalog: CatalogService;
  reviewsService: ReviewsService;
  catalogChanges: CatalogChanges;
  audit: AuditRecorder;
  clock: () => Date;
}) {
  async function setHidden(actorId: string, id: string, reason: string | null): Promise<AdminReview> {
    if (!UUID.test(id)) throw notFound();
    const [found] = await db.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, id));
    if (!found) throw notFound();
    const result = await db.transaction(async (tx) => {
      await catalog.lockForRatingChange(tx, found.productId, { isAnyStatus: true });
      const [before] = await tx.select().from(reviews).where(eq(reviews.id, id));
      if (!before) throw notFound();
      const [after] = await tx
        .update(reviews)
        .set(
          reason === null
            ? { hiddenAt: null, hiddenReason: null, hiddenBy: null }
            : { hiddenAt: clock(), hiddenReason: reason, hiddenBy: actorId },
        )
        .where(eq(reviews.id, id))
        .returning();
      if (!after) throw notFound();
      const product = await reviewsService.recompute(tx, found.productId);
      const snapshot = (row: ReviewRow) => ({ hiddenAt: row.hiddenAt, hiddenReason: row.hiddenReason });
      await audit.record(tx, {
        actorId,
        action: reason === null ? 'review.unhide' : 'review.hide',
        entity: 'review',
        entityId: id,
        before: snapshot(before),
        after: { ...snapshot(after), productRating: product.rating, productReviewCount: product.reviewCount },
      });
      return after;
    });
    catalogChanges.changedHere();
    const names = await catalog.namesOf([result.productId]);
    return toAdminReview(result, names.get(result.productId) ?? '');
  }

  return {
    async list(query: AdminReviewListQuery) {
      const where: SQL[] = [];
      if (query.productId !== undefined) {
        if (!UUID.test(query.productId)) return { items: [], page: query.page, pageSize: query.pageSize, total: 0 };
        where.push(eq(reviews.productId, query.productId));
      }
      if (query.rating !== undefined) where.push(eq(reviews.rating, query.rating));
      if (query.visibility === 'visible') where.push(isVisible);
      if (query.visibility === 'hidden') where.push(isNotNull(reviews.hiddenAt));
      if (query.q) {
        const pattern = likePattern(query.q);
        where.push(or(ilike(reviews.content, pattern), ilike(reviews.authorName, pattern)) as SQL);
      }
      const direction = query.dir === 'asc' ? asc : desc;
      const order =
        query.sort === 'rating' ? [direction(reviews.rating), desc(reviews.createdAt)] : [direction(reviews.createdAt)];
      const rows = await db
        .select({ review: reviews, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(reviews)
        .where(and(...where))
        .orderBy(...order, asc(reviews.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const total = await pageTotal(rows, query.page, async () => {
        const [counted] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(reviews)
          .where(and(...where));
        return counted?.n ?? 0;
      });
      const names = await catalog.namesOf(rows.map((r) => r.review.productId));
      return {
        items: rows.map((r) => toAdminReview(r.review, names.get(r.review.productId) ?? '')),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    hide: (actorId: string, id: string, reason: string) => setHidden(actorId, id, reason),
    unhide: (actorId: string, id: string) => setHidden(actorId, id, null),
  };
}
