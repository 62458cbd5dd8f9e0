import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productColours, products, productSizes } from '../../db/schema.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { coloursOf, defaultColourOf } from './product-colours.ts';
import { isOnSale, isProductId } from './product-sql.ts';

/**
 * Variants of published products in visible colours at or below the threshold, emptiest first
 * (the back office's Home). `colourName` is '' for a product in one visible colour.
 */
export async function lowStockSizes({ db }: Pick<CatalogDeps, 'db'>, threshold: number, limit = 20) {
  const visibleColours = sql<number>`(select count(*) from ${productColours} c where c.product_id = ${products.id} and c.hidden_at is null)`;
  const rows = await db
    .select({
      productId: products.id,
      name: products.name,
      slug: products.slug,
      colourId: productColours.id,
      colourName: sql<string>`case when ${visibleColours} > 1 then ${productColours.name} else '' end`,
      size: productSizes.size,
      stock: productSizes.stock,
    })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .innerJoin(productColours, eq(productColours.id, productSizes.colourId))
    .where(and(isOnSale, isNull(productColours.hiddenAt), sql`${productSizes.stock} <= ${threshold}`))
    .orderBy(asc(productSizes.stock), asc(products.name), asc(productColours.position), asc(productSizes.position))
    .limit(limit);
  return rows;
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

/**
 * The default colour of each product, whatever its status: where a line that names no colour goes
 * (a payment intent opened before colours existed, decision 043). Products without a colour are absent.
 */
export async function defaultColourIds(
  { db }: Pick<CatalogDeps, 'db'>,
  productIds: readonly string[],
  executor: Database = db,
): Promise<Map<string, string>> {
  const wanted = [...new Set(productIds)].filter((id) => isProductId(id));
  const found = new Map<string, string>();
  for (const [productId, colours] of await coloursOf(executor, wanted)) {
    const colour = defaultColourOf(colours);
    if (colour) found.set(productId, colour.id);
  }
  return found;
}
