import type { CatalogProductInput } from '../db/seed/seed-catalog.ts';

let sequence = 0;

/** A valid product with only what a test names changed; slugs stay unique within a run. */
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
