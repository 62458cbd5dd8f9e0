import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AdminReviewListSchema, type AdminReviewListQuery } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

export const reviewsKey = ['admin', 'reviews'] as const;

export function useReviewList(query: AdminReviewListQuery) {
  return useQuery({
    queryKey: [...reviewsKey, query],
    queryFn: ({ signal }) => apiCall('/admin/reviews', AdminReviewListSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
