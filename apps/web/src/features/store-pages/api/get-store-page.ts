import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/pages/{slug}: a store page as sanitised HTML (docs/product.md#store-pages). */
export function storePageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['store-page', slug] as const,
    queryFn: ({ signal }) =>
      apiClient.get(`/pages/${encodeURIComponent(slug)}`, (s) => s.StorePageAnswerSchema, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useStorePage(slug: string) {
  return useQuery(storePageQueryOptions(slug));
}
