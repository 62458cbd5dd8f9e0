import { z } from 'zod';
import { ADMIN_MESSAGES as M } from '../../admin-messages.ts';
import { ERASED_REVIEW_POLICIES } from '../../data-rights.ts';
import { ActorSchema, adminListQuerySchema, adminPageSchema } from './common.ts';

export const STOCK_REASONS = ['sale', 'cancellation', 'return', 'adjustment', 'import'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
/** What staff may give as the reason of a manual change; the others are written by orders. */
export const MANUAL_STOCK_REASONS = ['adjustment', 'import'] as const;
export const STOCK_QUANTITY_MAX = 100_000;
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** Days after delivery a customer may ask for a return, until the owner says otherwise. */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;

const hasNoNul = (value: string) => !value.includes('\u0000');

/** POST /api/admin/stock/adjustments: a size's stock changed by `delta`, or set to `quantity`. */
export const StockAdjustmentBodySchema = z
  .object({
    productId: z.uuid({ error: M.productIdRequired }),
    /** Optional for a product with one colour; a product with several refuses a change without it. */
    colourId: z.uuid({ error: M.colourNotFound }).optional(),
    size: z
      .string({ error: M.sizeRequired })
      .trim()
      .min(1, M.sizeRequired)
      .max(20, M.sizeRequired)
      .refine(hasNoNul, M.sizeRequired),
    delta: z
      .number({ error: M.deltaInvalid })
      .int(M.deltaInvalid)
      .min(-STOCK_QUANTITY_MAX, M.deltaInvalid)
      .max(STOCK_QUANTITY_MAX, M.deltaInvalid)
      .refine((v) => v !== 0, M.deltaInvalid)
      .optional(),
    quantity: z
      .number({ error: M.quantityInvalid })
      .int(M.quantityInvalid)
      .min(0, M.quantityInvalid)
      .max(STOCK_QUANTITY_MAX, M.quantityInvalid)
      .optional(),
    reason: z.enum(MANUAL_STOCK_REASONS, { error: M.stockReasonInvalid }),
    note: z
      .string({ error: M.stockNoteRequired })
      .trim()
      .min(1, M.stockNoteRequired)
      .max(200, M.stockNoteRequired)
      .refine(hasNoNul, M.stockNoteRequired),
  })
  .refine((b) => (b.delta === undefined) !== (b.quantity === undefined), {
    message: M.stockChangeRequired,
    path: ['delta'],
  });
export type StockAdjustmentBody = z.input<typeof StockAdjustmentBodySchema>;

export const StockMovementSchema = z.object({
  id: z.string(),
  productId: z.string(),
  colourId: z.string(),
  colourName: z.string(),
  size: z.string(),
  delta: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  note: z.string(),
  actor: ActorSchema.nullable(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

export const StockAdjustmentAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  movement: StockMovementSchema,
});

/** GET /api/admin/stock/movements: the ledger of one product (optionally one size), newest first. */
export const StockMovementsQuerySchema = adminListQuerySchema(['createdAt'] as const, 'createdAt').extend({
  productId: z.uuid({ error: M.productIdRequired }),
  colourId: z.uuid({ error: M.colourNotFound }).optional(),
  size: z.string().max(20, M.sizeRequired).refine(hasNoNul, M.sizeRequired).optional(),
});
export const StockMovementsPageSchema = adminPageSchema(StockMovementSchema);

export const ShopSettingsSchema = z.object({
  lowStockThreshold: z.number().int(),
  /** Where the catalog import may fetch pictures from (decision 043); empty: nowhere. */
  importImageHosts: z.array(z.string()),
  /** Days after delivery a customer may ask for a return (docs/after-purchase.md#returns). */
  returnWindowDays: z.number().int(),
  /** An erased customer's reviews: kept under 'Former customer', or removed (docs/product.md#your-data). */
  erasedReviews: z.enum(ERASED_REVIEW_POLICIES),
  /** Visitors may fill a cart and pay without an account (decision 072); off by default. */
  guestCheckout: z.boolean(),
});
export type ShopSettings = z.infer<typeof ShopSettingsSchema>;

export const MAX_IMPORT_IMAGE_HOSTS = 50;
/** `cdn.shopify.com`, `*.example.com` (https only), or an origin such as `http://127.0.0.1:4100`. */
export const IMPORT_IMAGE_HOST_PATTERN =
  /^(?:(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?)$/;

export const ShopSettingsBodySchema = z.object({
  lowStockThreshold: z
    .number({ error: M.lowStockInvalid })
    .int(M.lowStockInvalid)
    .min(0, M.lowStockInvalid)
    .max(10_000, M.lowStockInvalid),
  /** Absent: the hosts stay as they are. Entries are trimmed, lower-cased and de-duplicated. */
  importImageHosts: z
    .array(
      z
        .string({ error: M.importHostsInvalid })
        .trim()
        .toLowerCase()
        .max(200, M.importHostsInvalid)
        .regex(IMPORT_IMAGE_HOST_PATTERN, M.importHostsInvalid),
      { error: M.importHostsInvalid },
    )
    .max(MAX_IMPORT_IMAGE_HOSTS, M.importHostsInvalid)
    .transform((hosts) => [...new Set(hosts)])
    .optional(),
  /** Absent: the window stays as it is. */
  returnWindowDays: z
    .number({ error: M.returnWindowInvalid })
    .int(M.returnWindowInvalid)
    .min(0, M.returnWindowInvalid)
    .max(365, M.returnWindowInvalid)
    .optional(),
  /** Absent: the choice stays as it is. */
  erasedReviews: z.enum(ERASED_REVIEW_POLICIES, { error: M.erasedReviewsInvalid }).optional(),
  /** Absent: the setting stays as it is. */
  guestCheckout: z.boolean({ error: M.guestCheckoutInvalid }).optional(),
});
export const ShopSettingsAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  settings: ShopSettingsSchema,
});
