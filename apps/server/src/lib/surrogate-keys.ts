/**
 * The surrogate keys a shared cache in front files catalog answers and pages under, and a catalog
 * change purges (decision 063). Keys are lower-case letters, digits and dashes, so they travel
 * space-separated in `Surrogate-Key` and comma-separated in `Cache-Tag`.
 */
export const SURROGATE_KEYS = {
  /** One product's answers and page, by id. */
  product: (id: string) => `product-${id}`,
  /** One product's answers and page, by slug (a renamed or deleted product's old slug too). */
  productSlug: (slug: string) => `product-slug-${slug}`,
  /** Listings, facets and related products of one category, and its page. */
  category: (slug: string) => `category-${slug}`,
  /** Everything listing products across categories: all products, the collections, the home page. */
  allProducts: 'all-products',
  /** The list of categories with their banners. */
  categories: 'categories',
  /** One collection's answers and page, by slug (its only public name; an old slug too when it changes). */
  collection: (slug: string) => `collection-${slug}`,
  /** Answers made of several collections: the home page's sections, and so the home page. */
  collections: 'collections',
} as const;

const SAFE_KEY = /^[a-z0-9][a-z0-9-]{0,200}$/;

/** Keys as sent: lower-cased, anything a header could not carry as one token dropped. */
export function cleanSurrogateKeys(keys: Iterable<string>): string[] {
  const clean = new Set<string>();
  for (const key of keys) {
    const lower = key.toLowerCase();
    if (SAFE_KEY.test(lower)) clean.add(lower);
  }
  return [...clean];
}
