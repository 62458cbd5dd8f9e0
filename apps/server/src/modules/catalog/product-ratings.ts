import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { isOnSale, isProductId } from './product-sql.ts';

/**
 * Locks the product row inside the caller's transaction before its rating summary is
 * recomputed, so concurrent review writes queue and the last one counts every review. `no key
 * update` leaves foreign-key checks (cart lines, order items, reviews) unblocked. Customers
 * review published products only; moderation (`isAnyStatus`) reaches every product.
 */
export async function lockForRatingChange(tx: Database, id: string, { isAnyStatus = false } = {}): Promise<boolean> {
  if (!isProductId(id)) return false;
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(isAnyStatus ? eq(products.id, id) : and(eq(products.id, id), isOnSale))
    .for('no key update');
  return row !== undefined;
}

/** Writes a rating summary the reviews module computed; callers clear the read cache after commit. */
export async function setRatingSummary(
  tx: Database,
  id: string,
  summary: { rating: number; reviewCount: number },
): Promise<void> {
  await tx
    .update(products)
    .set({ rating: summary.rating, reviewCount: summary.reviewCount })
    .where(eq(products.id, id));
}
