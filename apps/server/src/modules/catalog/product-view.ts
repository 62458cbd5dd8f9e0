import type { ImageSource, Product, ProductColour } from '@shopper/contract';
import { toDollars } from '@shopper/contract';
import type { ProductRow } from '../../db/schema.ts';
import { type ColourRow, defaultColourOf, familyOf, galleryOf, isVisible } from './product-colours.ts';

/** One variant's row as the views read it: a colour in one size, with its place in the picker. */
export type VariantStock = { colourId: string; size: string; position: number; stock: number; sku?: string };

/** What the view reads of a product's row. */
export type ProductViewRow = Pick<
  ProductRow,
  | 'id'
  | 'slug'
  | 'name'
  | 'priceCents'
  | 'salePriceCents'
  | 'category'
  | 'tags'
  | 'types'
  | 'rating'
  | 'reviewCount'
  | 'shortDescription'
  | 'longDescription'
  | 'brand'
  | 'publishedAt'
>;

/** The product's fields that summarise its colours, and the colours themselves (decision 043). */
export type ColourSummary = Pick<
  Product,
  | 'sizes'
  | 'stock'
  | 'in_stock'
  | 'images'
  | 'mainImage'
  | 'mainImageIndex'
  | 'image'
  | 'imageSources'
  | 'colours'
  | 'defaultColourId'
>;

function sourcesFor(images: readonly string[], sources: Record<string, ImageSource> | undefined) {
  if (!sources) return {};
  const found = Object.fromEntries(
    images.flatMap((url) => (sources && Object.hasOwn(sources, url) ? [[url, sources[url] as ImageSource]] : [])),
  );
  return Object.keys(found).length > 0 ? { imageSources: found } : {};
}

/**
 * What a client that knows only sizes reads, computed over the product's visible colours
 * (docs/decisions/043-colours-and-catalog-import.md, "Compatibility summaries"): the sizes in picker
 * order, each size's stock summed over the visible colours, in stock when some visible colour has
 * some size, and the default colour's gallery. Hidden colours are left out of everything.
 * `imageSources` are the product's uploads by URL; each colour gets those its gallery lists.
 */
export function summariseColours(
  colours: readonly ColourRow[],
  variants: readonly VariantStock[],
  imageSources?: Record<string, ImageSource>,
): ColourSummary {
  const visible = [...colours].filter(isVisible).sort((a, b) => a.position - b.position);
  const ordered = [...variants].sort((a, b) => a.position - b.position);
  // One pass over the variants: each colour's quantity per size (summed, should a size repeat) and
  // the SKU of its first row; a listing page builds this for every product on every cache miss.
  const sizes: string[] = [];
  type SizeEntry = { quantity: number; sku: string | undefined };
  const byColour = new Map<string, Map<string, SizeEntry>>();
  for (const variant of ordered) {
    if (!sizes.includes(variant.size)) sizes.push(variant.size);
    let bySize = byColour.get(variant.colourId);
    if (!bySize) byColour.set(variant.colourId, (bySize = new Map<string, SizeEntry>()));
    const entry = bySize.get(variant.size);
    if (entry) entry.quantity += variant.stock;
    else bySize.set(variant.size, { quantity: variant.stock, sku: variant.sku });
  }

  const totals = sizes.map(() => 0);
  const wireColours: ProductColour[] = visible.map((colour) => {
    const bySize = byColour.get(colour.id);
    const stock = sizes.map((size, index) => {
      const entry = bySize?.get(size);
      const quantity = entry?.quantity ?? 0;
      totals[index] = (totals[index] ?? 0) + quantity;
      return { size, quantity, ...(entry?.sku ? { sku: entry.sku } : {}) };
    });
    const gallery = galleryOf(colour);
    return {
      id: colour.id,
      slug: colour.slug,
      name: colour.name,
      swatch: colour.swatch,
      family: familyOf(colour),
      ...gallery,
      stock,
      in_stock: stock.some((s) => s.quantity > 0),
      ...sourcesFor(gallery.images, imageSources),
    };
  });
  const stock = sizes.map((size, index) => ({ size, quantity: totals[index] ?? 0 }));
  const fallback = defaultColourOf(visible);
  const gallery = galleryOf(fallback);
  return {
    sizes,
    stock,
    in_stock: stock.some((s) => s.quantity > 0),
    images: gallery.images,
    mainImage: gallery.mainImage,
    mainImageIndex: gallery.mainImageIndex,
    image: gallery.mainImage,
    ...sourcesFor(gallery.images, imageSources),
    colours: wireColours,
    defaultColourId: fallback?.id ?? '',
  };
}

/** Maps a stored product and the summary of its colours to the wire shape of docs/product.md#entities. */
export function toProductView(row: ProductViewRow, summary: ColourSummary): Product {
  const { imageSources, ...colours } = summary;
  return {
    _id: row.id,
    id: row.id,
    slug: row.slug,
    name: row.name,
    images: colours.images,
    mainImage: colours.mainImage,
    mainImageIndex: colours.mainImageIndex,
    image: colours.image,
    old_price: toDollars(row.priceCents),
    new_price: row.salePriceCents == null ? 0 : toDollars(row.salePriceCents),
    category: row.category as Product['category'],
    tags: row.tags,
    types: row.types,
    rating: row.rating,
    reviewCount: row.reviewCount,
    sizes: colours.sizes,
    stock: colours.stock,
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    description: row.longDescription || row.shortDescription,
    brand: row.brand,
    date: row.publishedAt.toISOString(),
    in_stock: colours.in_stock,
    ...(imageSources ? { imageSources } : {}),
    colours: colours.colours,
    defaultColourId: colours.defaultColourId,
  };
}
