import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/back-office: the server's ADMIN_URL, where "the admin panel login" opens (docs/product.md#back-office). */
export function getBackOffice(signal?: AbortSignal) {
  return apiClient.get('/back-office', (s) => s.BackOfficeLinkAnswerSchema, { signal });
}

export function backOfficeQueryOptions() {
  return queryOptions({
    queryKey: ['back-office'] as const,
    queryFn: ({ signal }) => getBackOffice(signal),
    staleTime: Infinity,
  });
}

export function useBackOfficeUrl(): string {
  // Until the server answers, the default place (decision 018); the link works either way.
  return useQuery(backOfficeQueryOptions()).data?.url ?? `${window.location.origin}/dashboard`;
}
