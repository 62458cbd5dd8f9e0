import { z } from 'zod';
import {
  MAX_REVIEWS_PAGE_SIZE,
  REVIEW_CONTENT_MAX,
  REVIEW_CONTENT_MIN,
  REVIEW_MESSAGES,
  REVIEW_SORTS,
  REVIEWS_PAGE_SIZE,
} from '../review-rules.ts';

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
