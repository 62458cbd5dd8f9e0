import type { CatalogFileProduct } from '../catalog/index.ts';
import { DRAWINGS_PATH, parseImageName } from '../images/index.ts';
import type { CatalogCsvProduct } from './catalog-csv-product.ts';

/**
 * The shop's products in the file's terms (decision 043, "Export format"): a picture's address is
 * the source URL it was imported from, otherwise its absolute URL on this shop. The export writes
 * these addresses and the plan compares the file with them, so both read a product the same way.
 */

/** Source URL by picture URL, for one product (images service `sourceUrlsFor`). */
export type SourceUrls = ReadonlyMap<string, string>;

/** The address the file names a stored picture by. */
export function pictureAddress(url: string, sources: SourceUrls | undefined, publicUrl: string): string {
  return sources?.get(url) ?? (url.startsWith('/') ? `${publicUrl}${url}` : url);
}

/** A product with its visible colours only, every picture by its address. */
export function toCatalogCsvProduct(
  product: CatalogFileProduct,
  sources: SourceUrls | undefined,
  publicUrl: string,
): CatalogCsvProduct {
  return {
    handle: product.slug,
    name: product.name,
    bodyText: product.longDescription,
    shortDescription: product.shortDescription,
    brand: product.brand,
    category: product.category,
    types: product.types,
    tags: product.tags,
    status: product.status,
    priceCents: product.priceCents,
    salePriceCents: product.salePriceCents,
    colours: product.colours
      .filter((colour) => !colour.isHidden)
      .map((colour) => ({
        name: colour.name,
        swatch: colour.swatch,
        images: colour.images.map((url) => pictureAddress(url, sources, publicUrl)),
        sizes: colour.sizes.map(({ size, sku, stock }) => ({ size, sku, quantity: stock })),
      })),
  };
}

/**
 * The product's pictures by the addresses a file may name them by (its galleries' addresses and
 * every source URL it recorded), so an import keeps them without fetching them again.
 */
export function knownPictures(
  product: CatalogFileProduct | undefined,
  sources: SourceUrls | undefined,
  publicUrl: string,
): Map<string, string> {
  const known = new Map<string, string>();
  for (const [url, sourceUrl] of sources ?? []) known.set(sourceUrl, url);
  for (const colour of product?.colours ?? []) {
    for (const url of colour.images) known.set(pictureAddress(url, sources, publicUrl), url);
  }
  return known;
}

/** The drawing's path when `address` is one of the shop's own drawings (decision 002), else null. */
export function ownDrawing(address: string, publicUrl: string): string | null {
  const prefix = `${publicUrl}${DRAWINGS_PATH}`;
  if (!address.startsWith(prefix)) return null;
  return parseImageName(address.slice(prefix.length)) ? address.slice(publicUrl.length) : null;
}
