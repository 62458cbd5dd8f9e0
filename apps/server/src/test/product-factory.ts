import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { productColours } from '../db/schema.ts';
import type { CatalogProductInput } from '../db/seed/seed-catalog.ts';

let sequence = 0;

/**
 * A valid product with only what a test names changed; slugs stay unique within a run. Without
 * `colours` it has one colour, named DEFAULT_COLOUR_NAME, with `images` and `sizes`; with them, e.g.
 * `buildProduct({ colours: [{ name: 'Sage', swatch: '#9aab8f', images: [], sizes: [{ size: 'M', stock: 2 }] }] })`,
 * every colour gets every size (stock 0 where a colour does not list it).
 */
export function buildProduct(overrides: Partial<CatalogProductInput> = {}): CatalogProductInput {
  sequence += 1;
  const name = overrides.name ?? `Test Garment ${sequence}`;
  return {
    slug: `test-garment-${sequence}`,
    name,
    brand: 'Testwear',
    category: 'men',
    shortDescription: 'A plain garment for tests.',
    longDescription: 'A plain garment made for tests, in cotton.',
    images: ['/images/products/tshirt-1f4e79-front.svg', '/images/products/tshirt-1f4e79-back.svg'],
    priceCents: 5000,
    salePriceCents: null,
    tags: ['cotton'],
    types: ['t-shirts'],
    rating: 4,
    publishedAt: '2026-06-01T00:00:00.000Z',
    sizes: [
      { size: 'S', stock: 5 },
      { size: 'M', stock: 5 },
    ],
    ...overrides,
  };
}

/** A product's colours in swatch order, hidden ones included. */
export async function coloursOfProduct(db: Database, productId: string) {
  return db
    .select()
    .from(productColours)
    .where(eq(productColours.productId, productId))
    .orderBy(asc(productColours.position));
}

/** The id of a product's first colour: its only one for a product built without `colours`. */
export async function firstColourId(db: Database, productId: string): Promise<string> {
  const [colour] = await coloursOfProduct(db, productId);
  if (!colour) throw new Error(`product ${productId} has no colour`);
  return colour.id;
}
