import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { coloursOf, defaultColourOf, galleryOf, isVisible } from './product-colours.ts';
import { isOnSale, isProductId } from './product-sql.ts';
import { variantsOf } from './products-with-sizes.ts';

/** A visible colour of a product as the cart reads it: its name, swatch, main photo and stock per size. */
export type CartColour = {
  id: string;
  /** The product page's `?colour=` (decision 043). */
  slug: string;
  name: string;
  swatch: string;
  image: string;
  stockBySize: Map<string, number>;
};

/** What the cart reads of a product: its prices in cents and, per visible colour, the stock of each size. */
export type CartProduct = {
  id: string;
  /** The product page's path segment (`/products/<slug>`). */
  slug: string;
  name: string;
  /** The default colour's main photo. */
  image: string;
  priceCents: number;
  salePriceCents: number | null;
  /** Visible colours by id, in swatch order; a hidden colour's lines drop out of carts. */
  colours: Map<string, CartColour>;
  /** The colour a request naming none acts on (decision 043); undefined when no colour is visible. */
  defaultColourId: string | undefined;
  /** More than one visible colour: lines and messages name the colour. */
  hasSeveralColours: boolean;
};

/**
 * Products by id with their visible colours' stock, for the cart and checkout. Ids that name
 * nothing are simply absent from the map. `executor` lets a caller read inside its own transaction.
 */
export async function getForCart(
  { db }: Pick<CatalogDeps, 'db'>,
  productIds: readonly string[],
  executor: Database = db,
): Promise<Map<string, CartProduct>> {
  const ids = [...new Set(productIds)].filter((id) => isProductId(id));
  const found = new Map<string, CartProduct>();
  if (ids.length === 0) return found;
  // One after the other: inside a caller's transaction they run on its single connection.
  // A product withdrawn from sale can no longer be added or bought; its lines drop out of carts.
  const rows = await executor
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), isOnSale));
  const colourRows = await coloursOf(executor, ids);
  const variants = await variantsOf(executor, ids);
  for (const row of rows) {
    const visible = (colourRows.get(row.id) ?? []).filter(isVisible);
    const colours = new Map<string, CartColour>();
    for (const colour of visible) {
      colours.set(colour.id, {
        id: colour.id,
        slug: colour.slug,
        name: colour.name,
        swatch: colour.swatch,
        image: galleryOf(colour).mainImage,
        stockBySize: new Map(),
      });
    }
    for (const variant of variants.get(row.id) ?? []) {
      colours.get(variant.colourId)?.stockBySize.set(variant.size, variant.stock);
    }
    const fallback = defaultColourOf(visible);
    found.set(row.id, {
      id: row.id,
      slug: row.slug,
      name: row.name,
      image: galleryOf(fallback).mainImage,
      priceCents: row.priceCents,
      salePriceCents: row.salePriceCents,
      colours,
      defaultColourId: fallback?.id,
      hasSeveralColours: colours.size > 1,
    });
  }
  return found;
}
