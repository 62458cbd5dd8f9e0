import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getRelatedProducts(category: string, productId: string, signal?: AbortSignal) {
  const path = `/products/related/${encodeURIComponent(category)}/${encodeURIComponent(productId)}`;
  return apiClient.get(path, (s) => s.ProductCollectionSchema, { signal });
}

export function relatedProductsQueryOptions(category: string, productId: string) {
  return queryOptions({
    queryKey: ['products', 'related', category, productId] as const,
    queryFn: ({ signal }) => getRelatedProducts(category, productId, signal),
  });
}

export function useRelatedProducts(category: string, productId: string) {
  return useQuery(relatedProductsQueryOptions(category, productId));
}
