import { type ColourFamily, COLOUR_FAMILIES, PLACEHOLDER_IMAGE } from '@shopper/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ProductColourRow, productColours } from '../../db/schema.ts';
import { DRAWINGS_PATH, parseImageName } from '../images/index.ts';

/** The swatch of a product whose pictures are not the demo's drawings (decision 043). */
export const NEUTRAL_SWATCH = '#9ca3af';

/** What the catalog reads of a colour. */
export type ColourRow = Pick<
  ProductColourRow,
  'id' | 'productId' | 'slug' | 'name' | 'swatch' | 'family' | 'position' | 'images' | 'mainImageIndex' | 'hiddenAt'
>;

const colourColumns = {
  id: productColours.id,
  productId: productColours.productId,
  slug: productColours.slug,
  name: productColours.name,
  swatch: productColours.swatch,
  family: productColours.family,
  position: productColours.position,
  images: productColours.images,
  mainImageIndex: productColours.mainImageIndex,
  hiddenAt: productColours.hiddenAt,
};

/** Every colour of the products, hidden ones included, in swatch order; one read for any number. */
export async function coloursOf(executor: Database, productIds: readonly string[]): Promise<Map<string, ColourRow[]>> {
  const byProduct = new Map<string, ColourRow[]>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return byProduct;
  const rows = await executor
    .select(colourColumns)
    .from(productColours)
    .where(inArray(productColours.productId, ids))
    .orderBy(asc(productColours.position), asc(productColours.createdAt), asc(productColours.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

export const isVisible = (colour: Pick<ColourRow, 'hiddenAt'>): boolean => colour.hiddenAt === null;

/**
 * The colour a client that names none gets: the first visible one by position (decision 043), or,
 * for a product whose colours are all hidden, the first one, so its rows still have an owner.
 */
export function defaultColourOf<T extends Pick<ColourRow, 'hiddenAt' | 'position'>>(
  colours: readonly T[],
): T | undefined {
  const ordered = [...colours].sort((a, b) => a.position - b.position);
  return ordered.find(isVisible) ?? ordered[0];
}

/** A colour's gallery as the wire shows it: a placeholder when empty, the main index kept in range. */
export function galleryOf(colour: Pick<ColourRow, 'images' | 'mainImageIndex'> | undefined): {
  images: string[];
  mainImageIndex: number;
  mainImage: string;
} {
  const images = colour && colour.images.length > 0 ? colour.images : [PLACEHOLDER_IMAGE];
  const mainImageIndex = colour && colour.mainImageIndex < images.length ? Math.max(0, colour.mainImageIndex) : 0;
  return { images, mainImageIndex, mainImage: images[mainImageIndex] ?? PLACEHOLDER_IMAGE };
}

/** The family the database derived from the swatch; never null for a stored swatch (the table's check). */
export function familyOf(colour: Pick<ColourRow, 'family'>): ColourFamily {
  return (COLOUR_FAMILIES as readonly string[]).includes(colour.family ?? '')
    ? (colour.family as ColourFamily)
    : 'grey';
}

/** The colour of a demo drawing (`/images/products/{garment}-{hex}-{view}.svg`) as a swatch, else null. */
export function drawingSwatch(url: string | undefined): string | null {
  if (!url?.startsWith(DRAWINGS_PATH)) return null;
  const parsed = parseImageName(url.slice(DRAWINGS_PATH.length));
  return parsed ? `#${parsed.colour}` : null;
}

/** A colour's slug from its name, like a product's; `taken` are the product's other slugs. */
export function colourSlug(name: string, taken: Iterable<string> = []): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'colour';
  const used = new Set(taken);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A product's line as people read it: the colour named when there is one to name. */
export function itemLabel(name: string, colourName: string): string {
  return colourName ? `${name} (${colourName})` : name;
}
