import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { productColours, products, productSizes } from '../schema.ts';
import { type Category, DEFAULT_COLOUR_NAME } from '@shopper/contract';
import { colourSlug, drawingSwatch, NEUTRAL_SWATCH } from '../../modules/catalog/index.ts';

/** A product as the seed and the tests write it: prices in cents, sizes in picker order. */
export type CatalogProductInput = {
  slug: string;
  name: string;
  brand: string;
  category: Category;
  shortDescription: string;
  longDescription: string;
  images: string[];
  priceCents: number;
  salePriceCents: number | null;
  tags: string[];
  types: string[];
  rating: number;
  publishedAt: string;
  sizes: { size: string; stock: number }[];
  /** The product's colours in swatch order; absent: one colour named DEFAULT_COLOUR_NAME with `images` and `sizes`. */
  colours?: { name: string; swatch: string; images: string[]; sizes: { size: string; stock: number }[] }[];
};

/** Arbitrary constant naming the advisory lock that serialises seeding across instances. */
const SEED_LOCK_KEY = 7_230_001;

/** The colours to write: the item's own, or one default colour drawn from its pictures and sizes. */
function coloursOf(item: CatalogProductInput): NonNullable<CatalogProductInput['colours']> {
  if (item.colours) return item.colours;
  const swatch = drawingSwatch(item.images[0]) ?? NEUTRAL_SWATCH;
  return [{ name: DEFAULT_COLOUR_NAME, swatch, images: item.images, sizes: item.sizes }];
}

/**
 * Writes products with their colours and the full grid of variants: every colour has a row for
 * every size (decision 043), in the order `sizes` and then the colours name them; a size a colour
 * does not list has stock 0.
 */
export async function insertProducts(db: Database, items: readonly CatalogProductInput[]): Promise<string[]> {
  const ids: string[] = [];
  for (const item of items) {
    const [row] = await db
      .insert(products)
      .values({
        slug: item.slug,
        name: item.name,
        brand: item.brand,
        category: item.category,
        shortDescription: item.shortDescription,
        longDescription: item.longDescription,
        priceCents: item.priceCents,
        salePriceCents: item.salePriceCents,
        tags: item.tags,
        types: item.types,
        rating: item.rating,
        publishedAt: new Date(item.publishedAt),
      })
      .returning({ id: products.id });
    if (!row) throw new Error(`Seeding ${item.slug} returned no row`);
    ids.push(row.id);
    const colours = coloursOf(item);
    const sizes = [...new Set([...item.sizes, ...colours.flatMap((c) => c.sizes)].map((s) => s.size))];
    const slugs: string[] = [];
    for (const [position, colour] of colours.entries()) {
      const slug = colourSlug(colour.name, slugs);
      slugs.push(slug);
      const [inserted] = await db
        .insert(productColours)
        .values({
          productId: row.id,
          slug,
          name: colour.name,
          swatch: colour.swatch.toLowerCase(),
          position,
          images: colour.images,
        })
        .returning({ id: productColours.id });
      if (!inserted) throw new Error(`Seeding a colour of ${item.slug} returned no row`);
      if (sizes.length === 0) continue;
      await db.insert(productSizes).values(
        sizes.map((size, sizePosition) => ({
          productId: row.id,
          colourId: inserted.id,
          size,
          position: sizePosition,
          stock: colour.sizes.find((s) => s.size === size)?.stock ?? 0,
        })),
      );
    }
  }
  return ids;
}

/** Seeds the demo catalog on first start only; a shop that has products is never touched. */
export async function seedCatalogIfEmpty(db: Database, items: readonly CatalogProductInput[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products);
    if ((existing?.n ?? 0) > 0) return 0;
    await insertProducts(tx, items);
    return items.length;
  });
}
