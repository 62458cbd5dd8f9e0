import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/collections/{slug}: a visible collection's name, description and banner (404 otherwise). */
export function collectionQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['collection', slug] as const,
    queryFn: ({ signal }) =>
      apiClient.get(`/collections/${encodeURIComponent(slug)}`, (s) => s.CollectionAnswerSchema, { signal }),
    staleTime: 60_000,
  });
}

export function useCollection(slug: string) {
  return useQuery(collectionQueryOptions(slug));
}
