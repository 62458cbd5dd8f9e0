/**
 * The shop's own pages (docs/product.md#store-pages): fixed addresses under `/pages/{slug}`, their
 * titles as the footer and the back office name them, and the texts about editing them.
 */
export const STORE_PAGE_SLUGS = ['terms', 'privacy', 'returns', 'shipping', 'size-guide', 'contact'] as const;
export type StorePageSlug = (typeof STORE_PAGE_SLUGS)[number];

export const STORE_PAGE_TITLES: Record<StorePageSlug, string> = {
  terms: 'Terms and conditions',
  privacy: 'Privacy policy',
  returns: 'Returns',
  shipping: 'Shipping',
  'size-guide': 'Size guide',
  contact: 'Contact and about us',
};

export function isStorePageSlug(value: string): value is StorePageSlug {
  return (STORE_PAGE_SLUGS as readonly string[]).includes(value);
}

export function storePagePath(slug: StorePageSlug): string {
  return `/pages/${slug}`;
}

/** Longest page text the owner may save, in characters of Markdown. */
export const STORE_PAGE_MARKDOWN_MAX = 50_000;
export const STORE_PAGE_TITLE_MAX = 120;

export const STORE_PAGE_MESSAGES = {
  notFound: 'Page not found',
  saved: 'Page saved.',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${STORE_PAGE_TITLE_MAX} characters`,
  markdownRequired: 'Page text is required',
  markdownTooLong: `Page text must be at most ${STORE_PAGE_MARKDOWN_MAX.toLocaleString('en-US')} characters`,
  /** Shown above a page that still has the starter text, to staff only. */
  starterNotice: 'This page still has the starter text. Adapt it to your shop before you open.',
  loadFailed: 'Failed to load the page. Please try again.',
  saveFailed: 'Failed to save the page. Please try again.',
} as const;
