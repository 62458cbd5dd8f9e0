import type { Category, Product } from '@shopper/contract';
import { FEATURED_WOMEN_COUNT, MESSAGES, NEW_COLLECTION_COUNT, RELATED_PRODUCTS_COUNT } from '@shopper/contract';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { products } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { findOnSaleRow } from './product-detail.ts';
import { isOnSale } from './product-sql.ts';
import { withSizes } from './products-with-sizes.ts';

/** 'Popular For Women' on the home page: the best-rated women's products. */
export async function featuredWomen(deps: CatalogDeps): Promise<Product[]> {
  const rows = await deps.db
    .select()
    .from(products)
    .where(and(eq(products.category, 'women'), isOnSale))
    .orderBy(desc(products.rating), desc(products.reviewCount), asc(products.id))
    .limit(FEATURED_WOMEN_COUNT);
  return withSizes(deps, rows);
}

/** 'New Collection' on the home page: the newest products of every category. */
export async function newCollection(deps: CatalogDeps): Promise<Product[]> {
  const rows = await deps.db
    .select()
    .from(products)
    .where(isOnSale)
    .orderBy(desc(products.publishedAt), asc(products.id))
    .limit(NEW_COLLECTION_COUNT);
  return withSizes(deps, rows);
}

/** Same category, the excluded product left out; those sharing its types come first. */
export async function related(deps: CatalogDeps, category: Category, excludeId: string): Promise<Product[]> {
  const excluded = await findOnSaleRow(deps, excludeId);
  if (!excluded) throw new AppError('NOT_FOUND', MESSAGES.productIdNotFound(excludeId));
  const sharesType = sql`(${products.types} && ${sql.param(excluded.types)}::text[])`;
  const rows = await deps.db
    .select()
    .from(products)
    .where(and(eq(products.category, category), ne(products.id, excluded.id), isOnSale))
    .orderBy(sql`${sharesType} desc`, desc(products.rating), asc(products.id))
    .limit(RELATED_PRODUCTS_COUNT);
  return withSizes(deps, rows);
}
