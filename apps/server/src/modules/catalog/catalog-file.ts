import type { Category, ProductStatus } from '@shopper/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { coloursOf } from './product-colours.ts';
import { variantsOf } from './products-with-sizes.ts';

/** A product's own fields as the catalog file (decision 043) holds them, read and written alike. */
export interface CatalogProductFields {
  slug: string;
  name: string;
  longDescription: string;
  shortDescription: string;
  brand: string;
  category: Category;
  types: string[];
  tags: string[];
  status: ProductStatus;
  priceCents: number;
  salePriceCents: number | null;
}

/**
 * A product as the catalog file (decision 043) sees it: what the export writes and what an import
 * compares the file with. Images are the stored URLs, each colour's main photo first.
 */
export interface CatalogFileProduct extends CatalogProductFields {
  id: string;
  /** Every colour, hidden ones included (`isHidden`), in swatch order. */
  colours: CatalogFileColour[];
}

export interface CatalogFileColour {
  id: string;
  name: string;
  swatch: string;
  isHidden: boolean;
  images: string[];
  /** The product's sizes in picker order. */
  sizes: { size: string; sku: string; stock: number }[];
}

/** The products of these slugs, or every product when `slugs` is absent, in slug order; four reads. */
export async function readCatalogFile(executor: Database, slugs?: readonly string[]): Promise<CatalogFileProduct[]> {
  if (slugs && slugs.length === 0) return [];
  const rows = await executor
    .select()
    .from(products)
    .where(slugs ? inArray(products.slug, [...new Set(slugs)]) : undefined)
    .orderBy(asc(products.slug));
  const ids = rows.map((row) => row.id);
  const colours = await coloursOf(executor, ids);
  const variants = await variantsOf(executor, ids);
  return rows.map((row) => {
    const productVariants = variants.get(row.id) ?? [];
    const sizeNames = [...new Set(productVariants.map((variant) => variant.size))];
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      longDescription: row.longDescription,
      shortDescription: row.shortDescription,
      brand: row.brand,
      category: row.category as Category,
      types: row.types,
      tags: row.tags,
      status: row.status,
      priceCents: row.priceCents,
      salePriceCents: row.salePriceCents,
      colours: (colours.get(row.id) ?? []).map((colour) => {
        const main = colour.images[colour.mainImageIndex] ?? colour.images[0];
        return {
          id: colour.id,
          name: colour.name,
          swatch: colour.swatch,
          isHidden: colour.hiddenAt !== null,
          images: main === undefined ? [] : [main, ...colour.images.filter((url) => url !== main)],
          sizes: sizeNames.map((size) => {
            const variant = productVariants.find((v) => v.colourId === colour.id && v.size === size);
            return { size, sku: variant?.sku ?? '', stock: variant?.stock ?? 0 };
          }),
        };
      }),
    };
  });
}
