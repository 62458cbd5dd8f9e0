import { z } from 'zod';

/** Reviews (SPEC §3 Review, §7 Reviews, §9: 5 per page, date-desc / date-asc). */
export const REVIEW_SORTS = ['date-desc', 'date-asc'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEWS_PAGE_SIZE = 5;
export const MAX_REVIEWS_PAGE_SIZE = 50;
export const REVIEW_CONTENT_MIN = 10;
export const REVIEW_CONTENT_MAX = 2000;

export const REVIEW_MESSAGES = {
  fetchError: 'An error occurred while fetching reviews',
  fetchFailed: 'Failed to fetch reviews',
  countsFailed: 'Failed to fetch rating counts',
  fetchMoreError: 'An error occurred while fetching more reviews',
  noReviewsYet: 'No reviews yet. Be the first to review this product!',
  noReviewsMatch: 'No reviews match your filter criteria.',
  seenAll: "You've seen all reviews",
  ratingRequired: 'Please choose a rating from 1 to 5 stars',
  contentRequired: 'Please write your review',
  contentTooShort: `Your review should be at least ${REVIEW_CONTENT_MIN} characters`,
  contentTooLong: `Your review cannot exceed ${REVIEW_CONTENT_MAX} characters`,
  reviewSaved: 'Thank you! Your review has been posted.',
  reviewUpdated: 'Your review has been updated.',
  loginToReview: 'Please login to write a review',
  reviewDeleted: 'Your review has been deleted.',
  noReviewToDelete: 'You have not reviewed this product.',
} as const;

export const ReviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  user: z.object({ name: z.string() }),
  date: z.string(),
  rating: z.number().int().min(1).max(5),
  content: z.string(),
  verifiedPurchase: z.boolean(),
  /** True for the signed-in customer's own review (so the page can offer to edit it). */
  isMine: z.boolean(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_REVIEWS_PAGE_SIZE).default(REVIEWS_PAGE_SIZE),
  sort: z.enum(REVIEW_SORTS).default('date-desc'),
  rating: z.coerce.number().int().min(1).max(5).optional(),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

export const ReviewListAnswerSchema = z.object({
  success: z.literal(true),
  reviews: z.array(ReviewSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    /** Reviews matching the query (the star filter included). */
    totalReviews: z.number().int(),
    totalPages: z.number().int(),
    hasMore: z.boolean(),
  }),
  ratings: z.object({
    average: z.number(),
    /** All reviews of the product, regardless of the star filter. */
    total: z.number().int(),
    /** Counts for 1..5 stars, keyed '1'..'5'. */
    distribution: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
  }),
});
export type ReviewListAnswer = z.infer<typeof ReviewListAnswerSchema>;

export const ReviewBodySchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingRequired })
    .int(REVIEW_MESSAGES.ratingRequired)
    .min(1, REVIEW_MESSAGES.ratingRequired)
    .max(5, REVIEW_MESSAGES.ratingRequired),
  content: z
    .string({ error: REVIEW_MESSAGES.contentRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.contentRequired)
    .refine((v) => v.length === 0 || v.length >= REVIEW_CONTENT_MIN, REVIEW_MESSAGES.contentTooShort)
    .refine((v) => v.length <= REVIEW_CONTENT_MAX, REVIEW_MESSAGES.contentTooLong)
    .refine((v) => !v.includes('\u0000'), 'Text may not contain NUL characters'),
});
export type ReviewBody = z.input<typeof ReviewBodySchema>;

export const ReviewAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  review: ReviewSchema,
  /** The product's rating and review count after the change. */
  product: z.object({ rating: z.number(), reviewCount: z.number().int() }),
});
export type ReviewAnswer = z.infer<typeof ReviewAnswerSchema>;

/** DELETE /api/reviews/products/{productId}/mine: idempotent, `wasDeleted` false when there was none. */
export const ReviewDeleteAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  wasDeleted: z.boolean(),
  /** The product's rating and review count after the change. */
  product: z.object({ rating: z.number(), reviewCount: z.number().int() }),
});
export type ReviewDeleteAnswer = z.infer<typeof ReviewDeleteAnswerSchema>;
