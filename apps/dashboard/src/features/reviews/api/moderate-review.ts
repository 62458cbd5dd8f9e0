import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminReviewAnswerSchema } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { reviewsKey } from './get-reviews.ts';

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
