import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { products, productSizes } from '../schema.ts';
import type { Category } from '@shopper/contract';

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
        images: item.images,
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
    if (item.sizes.length > 0) {
      await db
        .insert(productSizes)
        .values(item.sizes.map((s, position) => ({ productId: row.id, size: s.size, stock: s.stock, position })));
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
