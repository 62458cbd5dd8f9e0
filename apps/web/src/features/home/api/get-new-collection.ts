import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@shopper/contract/plain';
import { apiClient } from '../../../lib/api-client.ts';

export function getNewCollection(signal?: AbortSignal) {
  return apiClient.get('/products/newcollection', (s) => s.ProductCollectionSchema, { signal });
}

export const newCollectionQueryOptions = queryOptions({
  queryKey: ['products', 'new-collection'] as const,
  queryFn: ({ signal }) => getNewCollection(signal),
  meta: { errorToast: MESSAGES.loadNewArrivalsFailed },
});

export function useNewCollection() {
  return useQuery(newCollectionQueryOptions);
}
