import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PRICE_MAX, DEFAULT_PRICE_MIN, MESSAGES } from '@shopper/contract/plain';
import type { Category, ListingState } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';

type ProductListApiQuery = Record<string, string | number | undefined>;

/**
 * The listing state as the API query. The untouched 0–1000 price range sends no bound, so an
 * unchanged filter never hides a product; maxPrice 0 is sent as is and means unbounded (docs/product.md#listing-filters).
 */
export function toProductListQuery(state: ListingState): ProductListApiQuery {
  return {
    q: state.q || undefined,
    minPrice: state.minPrice !== DEFAULT_PRICE_MIN ? state.minPrice : undefined,
    maxPrice: state.maxPrice !== DEFAULT_PRICE_MAX ? state.maxPrice : undefined,
    rating: state.rating ?? undefined,
    discount: state.isDiscountOnly ? 'true' : undefined,
    sizes: state.sizes.length > 0 ? state.sizes.join(',') : undefined,
    types: state.types.length > 0 ? state.types.join(',') : undefined,
    colours: state.colours.length > 0 ? state.colours.join(',') : undefined,
    sort: state.sort ?? undefined,
    page: state.page,
    limit: state.limit,
  };
}

/** Where a listing looks: the whole shop, a category, or a collection (by its slug). */
export type ListingSource = { category?: Category; collection?: string };

function listPath({ category, collection }: ListingSource): string {
  if (collection !== undefined) return `/collections/${encodeURIComponent(collection)}/products`;
  return category ? `/products/category/${category}` : '/products/all-products';
}

export function getProducts(query: ProductListApiQuery, source: ListingSource, signal?: AbortSignal) {
  return apiClient.get(listPath(source), (s) => s.ProductListSchema, { query, signal });
}

export function productsQueryOptions(state: ListingState, category: Category | undefined, collection?: string) {
  const query = toProductListQuery(state);
  const scope = collection !== undefined ? `collection:${collection}` : (category ?? 'all');
  return queryOptions({
    queryKey: ['products', 'list', scope, query] as const,
    queryFn: ({ signal }) => getProducts(query, { category, collection }, signal),
    meta: { errorToast: MESSAGES.loadProductsFailed },
    // Keep showing the previous page while the next one loads (docs/product.md#listing).
    placeholderData: keepPreviousData,
  });
}

export function useProducts(state: ListingState, category: Category | undefined, collection?: string) {
  return useQuery(productsQueryOptions(state, category, collection));
}
