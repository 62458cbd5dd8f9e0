import type { Product, ProductColour } from '@shopper/contract';

/** The URL parameter of a product page that names the colour shown (decision 043). */
export const COLOUR_PARAM = 'colour';
/** The size a link chooses, e.g. a back-in-stock mail's (docs/after-purchase.md#notify-me-when-its-back). */
export const SIZE_PARAM = 'size';

/** The colour a client that names none gets: the first visible one (decision 043). */
export function defaultColourOf(product: Pick<Product, 'colours' | 'defaultColourId'>): ProductColour | undefined {
  return product.colours.find((colour) => colour.id === product.defaultColourId) ?? product.colours[0];
}

/**
 * The colour a product page shows for its `?colour=` value: the visible colour with that slug, or the
 * default one for no value, an unknown one or a hidden one (decision 043). The server renders the
 * page the same way, so what it sent and what the browser hydrates agree.
 */
export function colourBySlug(
  product: Pick<Product, 'colours' | 'defaultColourId'>,
  slug: string | null,
): ProductColour | undefined {
  return product.colours.find((colour) => colour.slug === slug) ?? defaultColourOf(product);
}

/** The first colour of one of `families`, in swatch order; undefined when none is, or no family is asked for. */
export function colourInFamilies(product: Pick<Product, 'colours'>, families: readonly string[]) {
  if (families.length === 0) return undefined;
  return product.colours.find((colour) => families.includes(colour.family));
}

/** A product shown in several colours offers them; one colour is the product itself. */
export function hasColourChoice(product: Pick<Product, 'colours'>): boolean {
  return product.colours.length > 1;
}

/** `?colour=sage`: the query that picks a colour on a product page. */
export function colourSearch(colour: Pick<ProductColour, 'slug'>): string {
  return `?${new URLSearchParams({ [COLOUR_PARAM]: colour.slug }).toString()}`;
}

/** A colour's gallery, never empty: a colour without photos shows its main image (or the placeholder). */
export function galleryOf(colour: Pick<ProductColour, 'images' | 'mainImage'>): string[] {
  return colour.images.length > 0 ? colour.images : [colour.mainImage];
}

/**
 * The slug URL of a product reached by its id (`/product/{id}` moves there), keeping a `?colour=`
 * that names one of its colours; any other value would show the default colour anyway.
 */
export function slugPathOf(
  product: Pick<Product, 'slug' | 'colours'>,
  colourSlug: string | null,
  size: string | null = null,
): string {
  const path = `/products/${encodeURIComponent(product.slug)}`;
  const colour = product.colours.find((candidate) => candidate.slug === colourSlug);
  const query = new URLSearchParams(colour ? { [COLOUR_PARAM]: colour.slug } : {});
  if (size) query.set(SIZE_PARAM, size);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
