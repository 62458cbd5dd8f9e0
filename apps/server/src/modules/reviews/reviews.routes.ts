import {
  ErrorBodySchema,
  REVIEW_MESSAGES,
  ReviewAnswerSchema,
  ReviewBodySchema,
  ReviewDeleteAnswerSchema,
  ReviewListAnswerSchema,
  ReviewListQuerySchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthHook, authOf, optionalAuth, requireVerifiedEmail } from '../../plugins/auth.ts';
import { type RateLimiter, tooManyRequests } from '../../plugins/rate-limit.ts';
import type { ReviewsService } from './reviews.service.ts';

const tags = ['reviews'];
const E = ErrorBodySchema;
/** Any text up to 200 characters; an id that names no product (or is no uuid) answers 404. */
const ProductParams = z.object({ productId: z.string().min(1).max(200) });

/** docs/product.md#reviews-api: public reading (own review marked when signed in), writing when signed in. */
export function reviewsRoutes({
  reviews,
  requireAuth,
  rateLimiter,
}: {
  reviews: ReviewsService;
  requireAuth: AuthHook;
  rateLimiter: RateLimiter;
}): FastifyPluginAsyncZod {
  const maybeSignedIn = optionalAuth(requireAuth);
  const writes = rateLimiter.counters.reviewWritesPerUser;
  // Decision 013: reviews are public text, so only verified customers write them, at a bounded pace.
  const limitWrites: AuthHook = async (request) => {
    const { count, msBeforeReset } = await writes.hit(authOf(request).userId);
    if (count > writes.rule.max) throw tooManyRequests(msBeforeReset);
  };
  return async (app) => {
    app.get(
      '/products/:productId',
      {
        onRequest: maybeSignedIn,
        schema: {
          tags,
          summary: "A page of a product's reviews with its rating distribution",
          description:
            'Public. With a valid token the caller’s own review has isMine true; a bad token is ignored. ' +
            'ratings covers every review of the product; pagination.totalReviews only those matching the star filter.',
          params: ProductParams,
          querystring: ReviewListQuerySchema,
          response: { 200: ReviewListAnswerSchema, 400: E, 404: E },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await reviews.list(request.params.productId, request.query, request.auth?.userId ?? null)),
      }),
    );

    app.post(
      '/products/:productId',
      {
        onRequest: [requireAuth, requireVerifiedEmail, limitWrites],
        schema: {
          tags,
          summary: "Write the customer's review of a product, or update it (one per customer per product)",
          description:
            '201 when the review is new, 200 when it replaced the customer’s earlier review. Needs a verified ' +
            'email (403 EMAIL_NOT_VERIFIED); a customer writes at most 10 reviews or edits an hour (429).',
          params: ProductParams,
          body: ReviewBodySchema,
          response: { 200: ReviewAnswerSchema, 201: ReviewAnswerSchema, 400: E, 401: E, 403: E, 404: E, 429: E },
        },
      },
      async (request, reply) => {
        const { userId, user } = authOf(request);
        const saved = await reviews.save(request.params.productId, { userId, name: user.name }, request.body);
        return reply.status(saved.isNew ? 201 : 200).send({
          success: true as const,
          message: saved.isNew ? REVIEW_MESSAGES.reviewSaved : REVIEW_MESSAGES.reviewUpdated,
          review: saved.review,
          product: saved.product,
        });
      },
    );

    app.delete(
      '/products/:productId/mine',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "Delete the customer's own review of a product",
          params: ProductParams,
          response: { 200: ReviewDeleteAnswerSchema, 401: E, 404: E },
        },
      },
      async (request) => {
        const removed = await reviews.removeMine(request.params.productId, authOf(request).userId);
        return {
          success: true as const,
          message: removed.wasDeleted ? REVIEW_MESSAGES.reviewDeleted : REVIEW_MESSAGES.noReviewToDelete,
          wasDeleted: removed.wasDeleted,
          product: removed.product,
        };
      },
    );
  };
}
