import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  COLOUR_FAMILIES,
  DEFAULT_PRICE_MAX,
  DEFAULT_PRICE_MIN,
  DEFAULT_PRODUCT_PAGE_SIZE,
  PRODUCT_PAGE_SIZES,
  PRODUCT_SORTS,
} from '@shopper/contract/plain';
import type { ListingFilters, ListingState, ProductSort } from '@shopper/contract';

export const DEFAULT_LISTING_STATE: ListingState = {
  q: '',
  minPrice: DEFAULT_PRICE_MIN,
  maxPrice: DEFAULT_PRICE_MAX,
  rating: null,
  isDiscountOnly: false,
  sizes: [],
  types: [],
  colours: [],
  sort: null,
  page: 1,
  limit: DEFAULT_PRODUCT_PAGE_SIZE,
};

function readNumber(value: string | null, fallback: number): number {
  if (value === null || value.trim() === '') return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

/** A list is comma-separated (`sizes=S,M`), or repeated as a GET form sends it (`sizes=S&sizes=M`). */
function readList(values: string[]): string[] {
  const items = values
    .flatMap((value) => value.split(','))
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
  return [...new Set(items)];
}

/**
 * Colour families, lower-cased; a name that is not a family is dropped, as the API would refuse it
 * (decision 043). They keep the order of COLOUR_FAMILIES, so one filter has one URL.
 */
function readColours(values: string[]): string[] {
  const chosen = new Set(readList(values).map((value) => value.toLowerCase()));
  return COLOUR_FAMILIES.filter((family) => chosen.has(family));
}

function isSort(value: string | null): value is ProductSort {
  return value !== null && (PRODUCT_SORTS as readonly string[]).includes(value);
}

/** Reads the listing state from a URL query; anything malformed falls back to its default. */
export function parseListingParams(params: URLSearchParams): ListingState {
  const rating = Number(params.get('rating'));
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim(),
    minPrice: readNumber(params.get('minPrice'), DEFAULT_PRICE_MIN),
    maxPrice: readNumber(params.get('maxPrice'), DEFAULT_PRICE_MAX),
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null,
    isDiscountOnly: params.get('discount') === 'true',
    sizes: readList(params.getAll('sizes')),
    types: readList(params.getAll('types')),
    colours: readColours(params.getAll('colours')),
    sort: isSort(sort) ? sort : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PRODUCT_PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PRODUCT_PAGE_SIZE,
  };
}

/** Writes the listing state as a URL query, leaving defaults out so URLs stay short and shareable. */
export function serializeListingParams(state: ListingState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.minPrice !== DEFAULT_PRICE_MIN) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== DEFAULT_PRICE_MAX) params.set('maxPrice', String(state.maxPrice));
  if (state.rating !== null) params.set('rating', String(state.rating));
  if (state.isDiscountOnly) params.set('discount', 'true');
  if (state.sizes.length > 0) params.set('sizes', state.sizes.join(','));
  if (state.types.length > 0) params.set('types', state.types.join(','));
  if (state.colours.length > 0) params.set('colours', state.colours.join(','));
  if (state.sort) params.set('sort', state.sort);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.limit !== DEFAULT_PRODUCT_PAGE_SIZE) params.set('limit', String(state.limit));
  return params;
}

/** The URL of a listing state on `pathname`: links and GET forms work before JavaScript does. */
export function listingHref(pathname: string, state: ListingState): string {
  const query = serializeListingParams(state).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** True when a sidebar filter narrows the list (the search text is not a sidebar filter). */
export function hasActiveFilters(state: ListingFilters): boolean {
  return (
    state.minPrice !== DEFAULT_PRICE_MIN ||
    state.maxPrice !== DEFAULT_PRICE_MAX ||
    state.rating !== null ||
    state.isDiscountOnly ||
    state.sizes.length > 0 ||
    state.types.length > 0 ||
    state.colours.length > 0
  );
}

export type ListingPatch = Partial<Omit<ListingState, 'page'>>;

/** A filter, sort or page-size change starts again at page 1 (docs/product.md#listing). */
export function applyListingPatch(state: ListingState, patch: ListingPatch): ListingState {
  return { ...state, ...patch, page: 1 };
}

/** Page changes outside 1..totalPages are ignored (docs/product.md#listing); null means "no change". */
export function applyPageChange(state: ListingState, page: number, totalPages: number): ListingState | null {
  if (!Number.isInteger(page) || page < 1 || page > totalPages || page === state.page) return null;
  return { ...state, page };
}

export function clearListingFilters(state: ListingState): ListingState {
  return {
    ...state,
    minPrice: DEFAULT_PRICE_MIN,
    maxPrice: DEFAULT_PRICE_MAX,
    rating: null,
    isDiscountOnly: false,
    sizes: [],
    types: [],
    colours: [],
    page: 1,
  };
}

export function useListingParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListingParams(searchParams), [searchParams]);

  const commit = useCallback(
    (next: ListingState) => {
      // preventScrollReset: a filter change keeps the shopper where they are on the page.
      void setSearchParams(serializeListingParams(next), { preventScrollReset: true });
    },
    [setSearchParams],
  );

  const update = useCallback((patch: ListingPatch) => commit(applyListingPatch(state, patch)), [commit, state]);

  const setPage = useCallback(
    (page: number, totalPages: number): boolean => {
      const next = applyPageChange(state, page, totalPages);
      if (!next) return false;
      commit(next);
      return true;
    },
    [commit, state],
  );

  const clearFilters = useCallback(() => commit(clearListingFilters(state)), [commit, state]);

  return { state, update, setPage, clearFilters, isFiltered: hasActiveFilters(state) };
}
