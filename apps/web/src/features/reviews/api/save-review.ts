import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewAnswer, ReviewBody } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { reviewKeys, useReviewPreview, useViewer } from './get-reviews.ts';

/** POST /api/reviews/products/{productId}: creates the customer's review or updates it. */
export function saveReview(productId: string, body: ReviewBody): Promise<ReviewAnswer> {
  return apiClient.post(`/reviews/products/${encodeURIComponent(productId)}`, body, (s) => s.ReviewAnswerSchema);
}

/**
 * The customer's own review: the one the preview marks isMine, or the one they saved on this
 * visit (kept under its own key, as it may not be among the 5 latest).
 */
export function useMyReview(productId: string): Review | null {
  const viewer = useViewer() ?? 'guest';
  const preview = useReviewPreview(productId);
  const saved = useQuery<Review | null>({
    queryKey: reviewKeys.mine(productId, viewer),
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  });
  return preview.data?.reviews.find((review) => review.isMine) ?? saved.data ?? null;
}

/** After a save: the list, the counts and (through onSaved) the product's rating and count refresh. */
export function useSaveReview(productId: string, onSaved?: (answer: ReviewAnswer) => void) {
  const queryClient = useQueryClient();
  const viewer = useViewer() ?? 'guest';
  return useMutation({
    mutationFn: (body: ReviewBody) => saveReview(productId, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(reviewKeys.mine(productId, viewer), answer.review);
      onSaved?.(answer);
      await queryClient.invalidateQueries({
        queryKey: reviewKeys.product(productId),
        predicate: (query) => query.queryKey[2] !== 'mine',
      });
    },
  });
}
