import type { ImageSource, Product } from '@shopper/contract';
import { asc, inArray } from 'drizzle-orm';
import type { ProductRow } from '../../db/schema.ts';
import { productSizes } from '../../db/schema.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { toProductView } from './product-view.ts';

/** Rows as the storefront shows them: sizes in picker order, stock and image variants, two reads for any number. */
export async function withSizes({ db, imageSources }: CatalogDeps, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const sources = imageSources
    ? await imageSources(rows.map((row) => row.id))
    : new Map<string, Record<string, ImageSource>>();
  const sizeRows = await db
    .select({ productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock })
    .from(productSizes)
    .where(
      inArray(
        productSizes.productId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(productSizes.position));
  const byProduct = new Map<string, { size: string; stock: number }[]>();
  for (const s of sizeRows) {
    const list = byProduct.get(s.productId) ?? [];
    list.push(s);
    byProduct.set(s.productId, list);
  }
  return rows.map((row) => toProductView(row, byProduct.get(row.id) ?? [], sources.get(row.id)));
}
