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

export function getProducts(query: ProductListApiQuery, category: Category | undefined, signal?: AbortSignal) {
  const path = category ? `/products/category/${category}` : '/products/all-products';
  return apiClient.get(path, (s) => s.ProductListSchema, { query, signal });
}

export function productsQueryOptions(state: ListingState, category: Category | undefined) {
  const query = toProductListQuery(state);
  return queryOptions({
    queryKey: ['products', 'list', category ?? 'all', query] as const,
    queryFn: ({ signal }) => getProducts(query, category, signal),
    meta: { errorToast: MESSAGES.loadProductsFailed },
    // Keep showing the previous page while the next one loads (docs/product.md#listing).
    placeholderData: keepPreviousData,
  });
}

export function useProducts(state: ListingState, category: Category | undefined) {
  return useQuery(productsQueryOptions(state, category));
}
