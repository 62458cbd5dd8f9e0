import { queryOptions, useQuery } from '@tanstack/react-query';
import { HomeFiguresSchema } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

export function homeQuery() {
  return queryOptions({
    queryKey: ['admin', 'home'],
    queryFn: ({ signal }) => apiCall('/admin/home', HomeFiguresSchema, { signal }),
  });
}

export function useHome() {
  return useQuery(homeQuery());
}
