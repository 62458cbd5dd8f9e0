import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { REVIEW_MESSAGES, REVIEWS_PAGE_SIZE } from '@shopper/contract/plain';
import type { Review, ReviewListAnswer, ReviewListQuery, ReviewSort } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';

/** GET /api/reviews/products/{productId}?page&limit&sort[&rating] (docs/product.md#reviews-api). */
export function getReviews(productId: string, query: ReviewListQuery, signal?: AbortSignal): Promise<ReviewListAnswer> {
  return apiClient.get(`/reviews/products/${encodeURIComponent(productId)}`, (s) => s.ReviewListAnswerSchema, {
    query: { page: query.page, limit: query.limit, sort: query.sort, rating: query.rating },
    signal,
  });
}

/**
 * Every reviews key starts with ['reviews', productId], so one invalidation refreshes a product's
 * preview, counts and modal list. The viewer is part of the key because answers mark the viewer's
 * own review (isMine): signing in must not reuse a guest's copy.
 */
export const reviewKeys = {
  product: (productId: string) => ['reviews', productId] as const,
  preview: (productId: string, viewer: string) => ['reviews', productId, 'preview', viewer] as const,
  list: (productId: string, viewer: string, sort: ReviewSort, rating: number | null) =>
    ['reviews', productId, 'list', viewer, sort, rating ?? 'all'] as const,
  mine: (productId: string, viewer: string) => ['reviews', productId, 'mine', viewer] as const,
};

/** Who is looking: the user's id, 'guest', or null while the signed-in user is still loading. */
export function useViewer(): string | null {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  return user ? user.id : 'guest';
}

/**
 * docs/product.md#reviews-api: the preview is page 1, limit 5, sort date-desc. Its answer also carries the average,
 * the total and the per-star distribution, so the tab uses it for the counts too instead of a
 * second limit-1 call (docs/decisions/009).
 */
export function reviewPreviewQueryOptions(productId: string, viewer: string) {
  return queryOptions({
    queryKey: reviewKeys.preview(productId, viewer),
    queryFn: ({ signal }) => getReviews(productId, { page: 1, limit: REVIEWS_PAGE_SIZE, sort: 'date-desc' }, signal),
    meta: { errorToast: REVIEW_MESSAGES.fetchFailed },
  });
}

export function useReviewPreview(productId: string) {
  const viewer = useViewer();
  return useQuery({ ...reviewPreviewQueryOptions(productId, viewer ?? 'guest'), enabled: viewer !== null });
}

export interface ReviewPage {
  answer: ReviewListAnswer;
  /** Reviews fetched so far, duplicates included (docs/product.md#reviews). */
  offset: number;
}

/**
 * The modal's list (docs/product.md#reviews): 5 per page, page = floor(offset/limit)+1, more pages
 * until the loaded count reaches the total. A failed page is not retried: docs/product.md#reviews turns hasMore off.
 */
export function reviewListQueryOptions(productId: string, viewer: string, sort: ReviewSort, rating: number | null) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.list(productId, viewer, sort, rating),
    initialPageParam: 0,
    queryFn: async ({ pageParam: offset, signal }): Promise<ReviewPage> => {
      const page = Math.floor(offset / REVIEWS_PAGE_SIZE) + 1;
      const answer = await getReviews(
        productId,
        { page, limit: REVIEWS_PAGE_SIZE, sort, ...(rating === null ? {} : { rating }) },
        signal,
      );
      return { answer, offset: offset + answer.reviews.length };
    },
    getNextPageParam: (last, pages) => {
      const loaded = uniqueReviews(pages).length;
      const isExhausted = last.answer.reviews.length === 0 || !last.answer.pagination.hasMore;
      return isExhausted || loaded >= last.answer.pagination.totalReviews ? undefined : last.offset;
    },
    retry: false,
    meta: { errorToast: REVIEW_MESSAGES.fetchFailed },
    // Changing the sort or the filter starts from an empty list (docs/product.md#reviews): a list left behind is
    // dropped at once, so coming back to it loads it again instead of showing a stale copy.
    gcTime: 0,
  });
}

export function useReviewList(productId: string, sort: ReviewSort, rating: number | null) {
  const viewer = useViewer();
  return useInfiniteQuery({
    ...reviewListQueryOptions(productId, viewer ?? 'guest', sort, rating),
    enabled: viewer !== null,
  });
}

/** The pages' reviews in order, each _id once (docs/product.md#reviews: de-duplicated by _id). */
export function uniqueReviews(pages: readonly ReviewPage[]): Review[] {
  const seen = new Set<string>();
  const reviews: Review[] = [];
  for (const { answer } of pages) {
    for (const review of answer.reviews) {
      if (seen.has(review._id)) continue;
      seen.add(review._id);
      reviews.push(review);
    }
  }
  return reviews;
}
