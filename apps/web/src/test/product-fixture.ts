import { DEFAULT_COLOUR_NAME } from '@shopper/contract/plain';
import { ProductColourSchema, ProductSchema, type Product, type ProductColour } from '@shopper/contract';

/** One colour of a product as the API answers it (decision 043), checked by the contract schema. */
export function buildColour(overrides: Partial<ProductColour> & Pick<ProductColour, 'id'>): ProductColour {
  const images = overrides.images ?? [`/images/products/${overrides.id}-1.svg`];
  const stock = overrides.stock ?? [{ size: 'M', quantity: 1 }];
  return ProductColourSchema.parse({
    slug: overrides.id,
    name: overrides.id,
    swatch: '#9ca3af',
    family: 'grey',
    images,
    mainImage: images[overrides.mainImageIndex ?? 0] ?? '',
    mainImageIndex: 0,
    stock,
    in_stock: stock.some((entry) => entry.quantity > 0),
    ...overrides,
  });
}

/**
 * What the product's own size and gallery fields say about its visible colours, as the server
 * summarises them for clients that know only sizes: stock summed per size, the default colour's photos.
 */
function summaryOf(colours: ProductColour[]): Partial<Product> {
  const [first] = colours;
  if (!first) return {};
  const sizes = first.stock.map((entry) => entry.size);
  return {
    sizes,
    stock: sizes.map((size) => ({
      size,
      quantity: colours.reduce(
        (sum, colour) => sum + (colour.stock.find((entry) => entry.size === size)?.quantity ?? 0),
        0,
      ),
    })),
    in_stock: colours.some((colour) => colour.in_stock),
    images: first.images,
    mainImage: first.mainImage,
    mainImageIndex: first.mainImageIndex,
    image: first.mainImage,
    imageSources: first.imageSources,
  };
}

/**
 * A product as the API would answer it, checked by the contract schema so fakes cannot drift. Without
 * `colours` it has one colour, DEFAULT_COLOUR_NAME, made of its own sizes, stock and gallery; with
 * `colours` its summary fields are computed from them (the first is the default) unless given too.
 */
export function buildProduct(overrides: Partial<Product> = {}): Product {
  const product = {
    _id: 'p1',
    id: 'p1',
    slug: 'linen-summer-shirt',
    name: 'Linen Summer Shirt',
    images: ['/images/products/p1-1.svg', '/images/products/p1-2.svg'],
    mainImage: '/images/products/p1-1.svg',
    mainImageIndex: 0,
    image: '/images/products/p1-1.svg',
    old_price: 80,
    new_price: 0,
    category: 'men' as const,
    tags: ['summer'],
    types: ['shirt'],
    rating: 4.3,
    reviewCount: 12,
    sizes: ['S', 'M', 'L'],
    stock: [
      { size: 'S', quantity: 3 },
      { size: 'M', quantity: 0 },
      { size: 'L', quantity: 9 },
    ],
    shortDescription: 'A light shirt.',
    longDescription: 'A light shirt for warm days.',
    description: 'A light shirt.',
    brand: 'Northwind',
    date: '2025-03-01T00:00:00.000Z',
    in_stock: true,
    ...(overrides.colours ? summaryOf(overrides.colours) : {}),
    ...overrides,
  };
  const colours = overrides.colours ?? [
    buildColour({
      id: `${product.id}-standard`,
      slug: 'standard',
      name: DEFAULT_COLOUR_NAME,
      images: product.images,
      mainImage: product.mainImage,
      mainImageIndex: product.mainImageIndex,
      stock: product.stock,
      in_stock: product.in_stock,
      ...(product.imageSources ? { imageSources: product.imageSources } : {}),
    }),
  ];
  return ProductSchema.parse({ ...product, colours, defaultColourId: overrides.defaultColourId ?? colours[0]?.id });
}

/** The demo's drawings are named by garment, colour and view. */
const drawings = (hex: string) => [`/images/products/shirt-${hex}-front.svg`, `/images/products/shirt-${hex}-back.svg`];

export const SAGE = buildColour({
  id: 'c-sage',
  slug: 'sage',
  name: 'Sage',
  swatch: '#8a9a5b',
  family: 'green',
  images: drawings('8a9a5b'),
  stock: [
    { size: 'S', quantity: 3 },
    { size: 'M', quantity: 0 },
    { size: 'L', quantity: 9 },
  ],
});

export const NAVY = buildColour({
  id: 'c-navy',
  slug: 'navy',
  name: 'Navy',
  swatch: '#1f2a44',
  family: 'blue',
  images: drawings('1f2a44'),
  stock: [
    { size: 'S', quantity: 0 },
    { size: 'M', quantity: 4 },
    { size: 'L', quantity: 2 },
  ],
});

export const SAND = buildColour({
  id: 'c-sand',
  slug: 'sand',
  name: 'Sand',
  swatch: '#d8c3a5',
  family: 'beige',
  images: drawings('d8c3a5'),
  stock: [
    { size: 'S', quantity: 0 },
    { size: 'M', quantity: 0 },
    { size: 'L', quantity: 0 },
  ],
});

/** A product in three colours: Sage (the default), Navy and Sand (sold out), each with its own photos and stock. */
export function buildColourfulProduct(overrides: Partial<Product> = {}): Product {
  return buildProduct({
    _id: 'p2',
    id: 'p2',
    slug: 'linen-shirt',
    name: 'Linen Shirt',
    colours: [SAGE, NAVY, SAND],
    ...overrides,
  });
}
