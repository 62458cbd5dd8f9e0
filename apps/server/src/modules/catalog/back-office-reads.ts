import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { products, productSizes } from '../../db/schema.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { isOnSale, isProductId } from './product-sql.ts';

/** Sizes of published products at or below the threshold, emptiest first (the back office's Home). */
export async function lowStockSizes({ db }: Pick<CatalogDeps, 'db'>, threshold: number, limit = 20) {
  return db
    .select({
      productId: products.id,
      name: products.name,
      slug: products.slug,
      size: productSizes.size,
      stock: productSizes.stock,
    })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(and(isOnSale, sql`${productSizes.stock} <= ${threshold}`))
    .orderBy(asc(productSizes.stock), asc(products.name), asc(productSizes.position))
    .limit(limit);
}

/** Names of products whatever their status (back-office lists of reviews and figures). */
export async function namesOf({ db }: Pick<CatalogDeps, 'db'>, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].filter((id) => isProductId(id));
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}
