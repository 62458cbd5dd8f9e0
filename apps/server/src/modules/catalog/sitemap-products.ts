import type { Category } from '@shopper/contract';
import { asc, desc } from 'drizzle-orm';
import { products } from '../../db/schema.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { isOnSale } from './product-sql.ts';

/**
 * Products on sale with when each last changed, for the sitemap: the `limit` most recently
 * changed. Three columns, so even a large catalog is one light query.
 */
export async function publishedSlugs(
  { db }: Pick<CatalogDeps, 'db'>,
  limit: number,
): Promise<{ slug: string; category: Category; updatedAt: Date }[]> {
  const rows = await db
    .select({ slug: products.slug, category: products.category, updatedAt: products.updatedAt })
    .from(products)
    .where(isOnSale)
    .orderBy(desc(products.updatedAt), asc(products.slug))
    .limit(limit);
  return rows.map((row) => ({ ...row, category: row.category as Category }));
}
