import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/home-sections: the hero and featured collections staff chose; none is the default home page. */
export const homeSectionsQueryOptions = queryOptions({
  queryKey: ['home-sections'] as const,
  queryFn: ({ signal }) => apiClient.get('/home-sections', (s) => s.HomeSectionsAnswerSchema, { signal }),
});

export function useHomeSections() {
  return useQuery(homeSectionsQueryOptions);
}
