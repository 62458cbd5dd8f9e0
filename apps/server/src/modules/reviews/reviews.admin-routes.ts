import {
  AdminReviewAnswerSchema,
  AdminReviewListQuerySchema,
  AdminReviewListSchema,
  HideReviewBodySchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { ReviewsAdminService } from './reviews.admin-service.ts';
import { adminErrors } from '../../lib/admin-responses.ts';

const tags = ['admin: reviews'];
const IdParams = z.object({ id: z.string().max(100) });

/** Review reviewsAdmin (docs/product.md#review-moderation): list every review, hide with a reason, unhide. Staff and owner. */
export function reviewsAdminRoutes({ reviewsAdmin }: { reviewsAdmin: ReviewsAdminService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Reviews of every product, hidden ones included; search text or author, filter, sort and page',
          querystring: AdminReviewListQuerySchema,
          response: { 200: AdminReviewListSchema, ...adminErrors(400) },
        },
      },
      async (request) => ({ success: true as const, ...(await reviewsAdmin.list(request.query)) }),
    );

    app.post(
      '/:id/hide',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Hide a review: it leaves the storefront, the rating and the distribution at once',
          params: IdParams,
          body: HideReviewBodySchema,
          response: { 200: AdminReviewAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        review: await reviewsAdmin.hide(staffOf(request).id, request.params.id, request.body.reason),
      }),
    );

    app.post(
      '/:id/unhide',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Show a hidden review again',
          params: IdParams,
          response: { 200: AdminReviewAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        review: await reviewsAdmin.unhide(staffOf(request).id, request.params.id),
      }),
    );
  };
}
