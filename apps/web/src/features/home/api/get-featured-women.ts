import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@shopper/contract/plain';
import { apiClient } from '../../../lib/api-client.ts';

export function getFeaturedWomen(signal?: AbortSignal) {
  return apiClient.get('/products/featured-women', (s) => s.ProductCollectionSchema, { signal });
}

export const featuredWomenQueryOptions = queryOptions({
  queryKey: ['products', 'featured-women'] as const,
  queryFn: ({ signal }) => getFeaturedWomen(signal),
  meta: { errorToast: MESSAGES.loadPopularFailed },
});

export function useFeaturedWomen() {
  return useQuery(featuredWomenQueryOptions);
}
