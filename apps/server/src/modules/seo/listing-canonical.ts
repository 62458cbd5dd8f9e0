import {
  COLOUR_FAMILIES,
  DEFAULT_PRICE_MAX,
  DEFAULT_PRICE_MIN,
  DEFAULT_PRODUCT_PAGE_SIZE,
  PRODUCT_PAGE_SIZES,
} from '@shopper/contract';

/** A listing's query as the renderer has it: the URL's search part, parsed or not. */
export type ListingQueryInput = URLSearchParams | string | Readonly<Record<string, unknown>>;

export type ListingCanonical = {
  /** The canonical query, `?…` or '' (decision 025). */
  search: string;
  /** False for search results and narrow filter combinations: crawlers may follow them, not index them. */
  isIndexable: boolean;
  /** The search text, when the listing is a search. */
  q: string;
  isDiscountOnly: boolean;
  /** The one product type the listing is narrowed to, if exactly one. */
  type: string | undefined;
  page: number;
};

export function toSearchParams(query: ListingQueryInput): URLSearchParams {
  if (query instanceof URLSearchParams) return query;
  if (typeof query === 'string') return new URLSearchParams(query);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // The web reads the first of repeated parameters (URLSearchParams.get); so does this.
    const first = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof first === 'string' || typeof first === 'number' || typeof first === 'boolean') {
      params.set(key, String(first));
    }
  }
  return params;
}

function numberOr(value: string | null, fallback: number): number {
  if (value === null || value.trim() === '') return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

function listOf(value: string | null): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    ),
  ];
}

/** Colour families as the web reads them: any case, and a name that is no family is dropped (decision 043). */
function coloursOf(value: string | null): string[] {
  return listOf(value)
    .map((item) => item.toLowerCase())
    .filter((item) => (COLOUR_FAMILIES as readonly string[]).includes(item));
}

/**
 * Decision 025. The canonical URL of a listing (/shop, /men, /women, /kids) keeps only what picks
 * a distinct, linkable set of products: `discount=true` (the home page's Exclusive Deals link), a single
 * `types` value, and `page` when the page size is the default. Sort, page size and unknown
 * parameters (tracking tags) never make a new canonical. Search text and the narrow filters
 * (price bounds, rating, sizes, colours, brand, several types) mark the page noindex: their combinations
 * are endless and each is a thin copy of the listing.
 * Values are read the way the web's listing state reads them (use-listing-params.ts), so a
 * malformed value counts as its default.
 */
export function listingCanonical(query: ListingQueryInput): ListingCanonical {
  const params = toSearchParams(query);
  const q = (params.get('q') ?? '').trim();
  const types = listOf(params.get('types'));
  const rating = Number(params.get('rating'));
  const pageNumber = Number(params.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  const limitNumber = Number(params.get('limit'));
  const limit = (PRODUCT_PAGE_SIZES as readonly number[]).includes(limitNumber)
    ? limitNumber
    : DEFAULT_PRODUCT_PAGE_SIZE;
  const isDiscountOnly = params.get('discount') === 'true';
  const type = types.length === 1 ? types[0] : undefined;

  const isNarrowed =
    q.length > 0 ||
    numberOr(params.get('minPrice'), DEFAULT_PRICE_MIN) !== DEFAULT_PRICE_MIN ||
    numberOr(params.get('maxPrice'), DEFAULT_PRICE_MAX) !== DEFAULT_PRICE_MAX ||
    (Number.isInteger(rating) && rating >= 1 && rating <= 5) ||
    listOf(params.get('sizes')).length > 0 ||
    coloursOf(params.get('colours')).length > 0 ||
    (params.get('brand') ?? '').trim().length > 0 ||
    types.length > 1;

  const canonical = new URLSearchParams();
  if (isDiscountOnly) canonical.set('discount', 'true');
  if (type !== undefined) canonical.set('types', type);
  // Page 3 of 12 is not page 3 of 48: a page of another size points at the listing's first page.
  if (page > 1 && limit === DEFAULT_PRODUCT_PAGE_SIZE) canonical.set('page', String(page));
  const search = canonical.toString();

  return { search: search ? `?${search}` : '', isIndexable: !isNarrowed, q, isDiscountOnly, type, page };
}
