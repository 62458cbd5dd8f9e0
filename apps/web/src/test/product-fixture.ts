import { ProductSchema, type Product } from '@shopper/contract';

/**
 * A product as the API would answer it, checked by the contract schema so fakes cannot drift.
 * Without `colours` it has one colour (decision 043) whose gallery and stock are the product's.
 */
export function buildProduct(overrides: Partial<Product> = {}): Product {
  const fields = {
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
    category: 'men',
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
    ...overrides,
  };
  const colour = {
    id: `${fields.id}-standard`,
    slug: 'standard',
    name: 'Standard',
    swatch: '#9ca3af',
    family: 'grey',
    images: fields.images,
    mainImage: fields.mainImage,
    mainImageIndex: fields.mainImageIndex,
    stock: fields.stock,
    in_stock: fields.in_stock,
    ...(fields.imageSources ? { imageSources: fields.imageSources } : {}),
  };
  return ProductSchema.parse({ colours: [colour], defaultColourId: colour.id, ...fields });
}
