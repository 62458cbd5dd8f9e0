import type { ImageSource, Product } from '@shopper/contract';
import { PLACEHOLDER_IMAGE, toDollars } from '@shopper/contract';
import type { ProductRow, ProductSizeRow } from '../../db/schema.ts';

type SizeStock = Pick<ProductSizeRow, 'size' | 'stock'>;

/** Maps a stored product and its sizes (in picker order) to the wire shape of docs/product.md#entities. */
export function toProductView(
  row: ProductRow,
  sizes: readonly SizeStock[],
  imageSources?: Record<string, ImageSource>,
): Product {
  const images = row.images.length > 0 ? row.images : [PLACEHOLDER_IMAGE];
  const mainImageIndex = row.mainImageIndex < images.length ? row.mainImageIndex : 0;
  const mainImage = images[mainImageIndex] ?? PLACEHOLDER_IMAGE;
  return {
    _id: row.id,
    id: row.id,
    slug: row.slug,
    name: row.name,
    images,
    mainImage,
    mainImageIndex,
    image: mainImage,
    old_price: toDollars(row.priceCents),
    new_price: row.salePriceCents == null ? 0 : toDollars(row.salePriceCents),
    category: row.category as Product['category'],
    tags: row.tags,
    types: row.types,
    rating: row.rating,
    reviewCount: row.reviewCount,
    sizes: sizes.map((s) => s.size),
    stock: sizes.map((s) => ({ size: s.size, quantity: s.stock })),
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    description: row.longDescription || row.shortDescription,
    brand: row.brand,
    date: row.publishedAt.toISOString(),
    in_stock: sizes.some((s) => s.stock > 0),
    ...(imageSources && Object.keys(imageSources).length > 0 ? { imageSources } : {}),
  };
}
