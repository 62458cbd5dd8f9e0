import {
  AdminProductColourSchema,
  AdminProductSchema,
  DEFAULT_COLOUR_NAME,
  type AdminProduct,
  type AdminProductColour,
} from '@shopper/contract';

/** A colour of a product as GET /api/admin/products/:id answers it. */
export function adminColour(overrides: Partial<AdminProductColour> = {}): AdminProductColour {
  const sizes = overrides.sizes ?? [
    { size: 'S', stock: 3, sku: '' },
    { size: 'M', stock: 0, sku: '' },
  ];
  return AdminProductColourSchema.parse({
    id: '00000000-0000-4000-8000-0000000000c1',
    slug: 'standard',
    name: DEFAULT_COLOUR_NAME,
    swatch: '#9ca3af',
    family: 'grey',
    position: 0,
    isHidden: false,
    hasOpenOrders: false,
    images: [],
    mainImage: null,
    totalStock: sizes.reduce((sum, row) => sum + row.stock, 0),
    ...overrides,
    sizes,
  });
}

/**
 * A product as the admin API answers it. Its sizes, total and gallery are the summaries the server
 * computes over its colours (decision 043): stock summed over every colour, the default colour's images.
 */
export function adminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  const colours = overrides.colours ?? [adminColour()];
  const sizeNames = colours[0]?.sizes.map((row) => row.size) ?? [];
  const sizes = sizeNames.map((size) => ({
    size,
    stock: colours.reduce((sum, colour) => sum + (colour.sizes.find((row) => row.size === size)?.stock ?? 0), 0),
  }));
  const defaultColour = colours.find((colour) => !colour.isHidden) ?? colours[0];
  return AdminProductSchema.parse({
    id: '00000000-0000-4000-8000-0000000000a1',
    slug: 'harbour-jacket',
    name: 'Harbour Jacket',
    brand: 'North Quay',
    category: 'women',
    status: 'draft',
    shortDescription: '',
    longDescription: '',
    tags: [],
    types: [],
    price: 129,
    salePrice: null,
    sizes,
    totalStock: sizes.reduce((sum, row) => sum + row.stock, 0),
    images: defaultColour?.images ?? [],
    rating: 0,
    reviewCount: 0,
    publishedAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
    colours,
  });
}
