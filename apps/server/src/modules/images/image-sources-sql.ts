import type { ImageSource } from '@shopper/contract';
import { type SQL, sql } from 'drizzle-orm';
import { productImages } from '../../db/schema.ts';
import { toImageSource } from './product-images.service.ts';

/** One upload as `imageSourcesJson` lists it. */
export type ImageSourceRow = { url: string; width: number; height: number; variants: unknown };

/**
 * The product's uploads as a JSON array, a subquery for a read that answers a page in one
 * statement (the catalog's listing, docs/decisions/056): the table stays this module's, and
 * `imageSourcesFromJson` turns the array into what `sourcesFor` answers for one product.
 */
export function imageSourcesJson(productId: SQL): SQL {
  return sql`(select json_agg(json_build_object('url', ${productImages.url}, 'width', ${productImages.width}, 'height', ${productImages.height}, 'variants', ${productImages.variants})) from ${productImages} where ${productImages.productId} = ${productId})`;
}

export function imageSourcesFromJson(rows: readonly ImageSourceRow[] | null): Record<string, ImageSource> | undefined {
  if (!rows || rows.length === 0) return undefined;
  const sources: Record<string, ImageSource> = {};
  for (const row of rows) sources[row.url] = toImageSource(row);
  return sources;
}
