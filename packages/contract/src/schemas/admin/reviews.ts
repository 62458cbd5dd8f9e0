import { z } from 'zod';
import { ADMIN_CATALOG_MESSAGES as M } from '../../admin-catalog-messages.ts';
import { adminListQuerySchema, adminPageSchema } from './common.ts';

export const REVIEW_VISIBILITIES = ['all', 'visible', 'hidden'] as const;
export const ADMIN_REVIEW_SORTS = ['date', 'rating'] as const;

export const AdminReviewListQuerySchema = adminListQuerySchema(ADMIN_REVIEW_SORTS, 'date').extend({
  productId: z.string().max(100).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  visibility: z.enum(REVIEW_VISIBILITIES).default('all'),
});
export type AdminReviewListQuery = z.infer<typeof AdminReviewListQuerySchema>;

export const AdminReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  author: z.string(),
  rating: z.number().int(),
  content: z.string(),
  date: z.string(),
  verifiedPurchase: z.boolean(),
  isHidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  hiddenAt: z.string().nullable(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewListSchema = adminPageSchema(AdminReviewSchema);
export const AdminReviewAnswerSchema = z.object({ success: z.literal(true), review: AdminReviewSchema });

export const HideReviewBodySchema = z.object({
  reason: z
    .string({ error: M.hideReasonRequired })
    .trim()
    .min(3, M.hideReasonRequired)
    .max(300, M.hideReasonRequired)
    .refine((value) => !value.includes('\u0000'), M.hideReasonRequired),
});
