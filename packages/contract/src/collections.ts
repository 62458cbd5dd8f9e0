/**
 * Collections (docs/collections.md): staff-made groups of products, each with its page under
 * `/collections/{slug}`, chosen by hand or by a rule, and the home page sections made of them.
 */

/** Lower-case letters and digits in words joined by single hyphens. */
export const COLLECTION_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Longest slug a collection may have. */
export const COLLECTION_SLUG_MAX = 80;
/** Hand-picked products per collection. */
export const COLLECTION_MAX_PRODUCTS = 200;
/** Featured collections on the home page, besides the hero. */
export const HOME_FEATURED_MAX = 4;
/** Products a featured collection shows on the home page. */
export const HOME_FEATURED_PRODUCT_COUNT = 4;

export const COLLECTION_KINDS = ['manual', 'rule'] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];

/** Could name a collection: a page address that cannot is not found without asking the API. */
export function isCollectionSlug(value: string): boolean {
  return value.length <= COLLECTION_SLUG_MAX && COLLECTION_SLUG_PATTERN.test(value);
}

export function collectionPath(slug: string): string {
  return `/collections/${slug}`;
}

export const COLLECTION_MESSAGES = {
  nameInvalid: 'Collection name should be between 2 and 80 characters',
  slugInvalid: 'Slug may contain only lower-case letters, digits and single hyphens',
  slugTaken: 'This slug is already used by another collection',
  descriptionTooLong: 'Description should be at most 1000 characters',
  kindInvalid: 'Choose hand-picked products or a rule',
  productsInvalid: `Choose at most ${COLLECTION_MAX_PRODUCTS} products, each once`,
  productsUnknown: 'Some of the chosen products do not exist',
  ruleEmpty: 'A rule needs at least one condition: category, type, tag, colour, on sale or price',
  ruleTermsInvalid: 'Types and tags must be 1 to 40 characters, at most 20 of each',
  rulePriceInvalid: 'Price must be a positive amount in dollars with at most 2 decimals',
  dateInvalid: 'Dates must be full ISO dates with a time zone, like 2026-12-01T00:00:00Z',
  windowInverted: 'The collection must become visible before it stops being visible',
  notFound: 'Collection not found',
  created: (name: string) => `Collection "${name}" created`,
  saved: (name: string) => `Collection "${name}" saved`,
  deleted: (name: string) => `Collection "${name}" deleted`,
  homeSaved: 'Home page sections saved',
  homeUnknown: 'Some of the chosen collections do not exist',
  homeFeaturedInvalid: `Feature at most ${HOME_FEATURED_MAX} collections, each once`,
  shopCollection: 'Shop the collection',
  fixFields: 'Some fields need a change: see the messages below them.',
} as const;
