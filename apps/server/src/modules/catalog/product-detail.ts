import type { Product } from '@shopper/contract';
import { MESSAGES } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import type { ProductRow } from '../../db/schema.ts';
import { products } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { isOnSale, isProductId } from './product-sql.ts';
import { withSizes } from './products-with-sizes.ts';

export async function findOnSaleRow({ db }: Pick<CatalogDeps, 'db'>, id: string): Promise<ProductRow | undefined> {
  if (!isProductId(id)) return undefined;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isOnSale))
    .limit(1);
  return row;
}

/** Whether an id names a product; a malformed id names none. */
export async function productExists({ db }: Pick<CatalogDeps, 'db'>, id: string): Promise<boolean> {
  if (!isProductId(id)) return false;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), isOnSale))
    .limit(1);
  return row !== undefined;
}

export async function getById(deps: CatalogDeps, id: string): Promise<Product> {
  const row = await findOnSaleRow(deps, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.productIdNotFound(id));
  const [product] = await withSizes(deps, [row]);
  return product as Product;
}

export async function getBySlug(deps: CatalogDeps, slug: string): Promise<Product> {
  const [row] = await deps.db
    .select()
    .from(products)
    .where(and(eq(products.slug, slug), isOnSale))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.productSlugNotFound(slug));
  const [product] = await withSizes(deps, [row]);
  return product as Product;
}
