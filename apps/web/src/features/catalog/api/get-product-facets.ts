import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';

export function getProductFacets(category: Category | undefined, signal?: AbortSignal) {
  return apiClient.get('/products/facets', (s) => s.ProductFacetsSchema, { query: { category }, signal });
}

export function productFacetsQueryOptions(category: Category | undefined) {
  return queryOptions({
    queryKey: ['products', 'facets', category ?? 'all'] as const,
    queryFn: ({ signal }) => getProductFacets(category, signal),
    staleTime: 5 * 60_000,
  });
}

export function useProductFacets(category: Category | undefined) {
  return useQuery(productFacetsQueryOptions(category));
}
