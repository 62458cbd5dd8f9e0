import type { ImageSource, Product } from '@shopper/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ProductRow } from '../../db/schema.ts';
import { productSizes } from '../../db/schema.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { coloursOf } from './product-colours.ts';
import { toProductView, type VariantStock, summariseColours } from './product-view.ts';

/** Every variant of the products (colour, size, picker position, stock), by product; one read. */
export async function variantsOf(executor: Database, productIds: readonly string[]) {
  const byProduct = new Map<string, (VariantStock & { sku: string })[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await executor
    .select({
      productId: productSizes.productId,
      colourId: productSizes.colourId,
      size: productSizes.size,
      position: productSizes.position,
      stock: productSizes.stock,
      sku: productSizes.sku,
    })
    .from(productSizes)
    .where(inArray(productSizes.productId, [...new Set(productIds)]))
    .orderBy(asc(productSizes.position), asc(productSizes.size));
  for (const { productId, ...variant } of rows) {
    const list = byProduct.get(productId) ?? [];
    list.push(variant);
    byProduct.set(productId, list);
  }
  return byProduct;
}

/**
 * Rows as the storefront shows them: colours, sizes in picker order, stock and image variants,
 * three reads for any number of products.
 */
export async function withSizes({ db, imageSources }: CatalogDeps, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const sources = imageSources ? await imageSources(ids) : new Map<string, Record<string, ImageSource>>();
  const colours = await coloursOf(db, ids);
  const variants = await variantsOf(db, ids);
  return rows.map((row) =>
    toProductView(row, summariseColours(colours.get(row.id) ?? [], variants.get(row.id) ?? [], sources.get(row.id))),
  );
}
