import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getFeaturedWomen(signal?: AbortSignal) {
  return apiClient.get('/products/featured-women', (s) => s.ProductCollectionSchema, { signal });
}

export const featuredWomenQueryOptions = queryOptions({
  queryKey: ['products', 'featured-women'] as const,
  queryFn: ({ signal }) => getFeaturedWomen(signal),
});

export function useFeaturedWomen() {
  return useQuery(featuredWomenQueryOptions);
}
