import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getNewCollection(signal?: AbortSignal) {
  return apiClient.get('/products/newcollection', (s) => s.ProductCollectionSchema, { signal });
}

export const newCollectionQueryOptions = queryOptions({
  queryKey: ['products', 'new-collection'] as const,
  queryFn: ({ signal }) => getNewCollection(signal),
});

export function useNewCollection() {
  return useQuery(newCollectionQueryOptions);
}
