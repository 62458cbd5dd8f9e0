import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminReviewAnswerSchema, AdminReviewListSchema, type AdminReviewListQuery } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

const reviewsKey = ['admin', 'reviews'] as const;

export function useReviewList(query: AdminReviewListQuery) {
  return useQuery({
    queryKey: [...reviewsKey, query],
    queryFn: ({ signal }) => apiCall('/admin/reviews', AdminReviewListSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Hide (with a reason) or show again; the storefront's rating follows at once on the server. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hide, reason }: { id: string; hide: boolean; reason?: string }) =>
      apiCall(`/admin/reviews/${encodeURIComponent(id)}/${hide ? 'hide' : 'unhide'}`, AdminReviewAnswerSchema, {
        method: 'POST',
        body: hide ? { reason } : undefined,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
