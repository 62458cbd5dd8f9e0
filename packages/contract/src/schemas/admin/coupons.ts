import { z } from 'zod';
import { ADMIN_CATALOG_MESSAGES as M } from '../../admin-catalog-messages.ts';
import { hasWholeCents } from '../../pricing.ts';
import { COUPON_KINDS } from '../cart.ts';
import { dollarsSchema } from '../money.ts';
import { adminListQuerySchema, adminPageSchema } from './common.ts';

export const COUPON_STATE_FILTERS = ['all', 'active', 'expired', 'exhausted'] as const;
export const ADMIN_COUPON_SORTS = ['code', 'createdAt', 'expiresAt', 'usedCount'] as const;
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;
/**
 * A coupon expires between these instants (UTC, both included). Bounded like the order dates: year
 * 0 or 10000 reads as a date in JavaScript but not in PostgreSQL (a 500), and a year before 1000
 * came back from the database as one of this century.
 */
export const COUPON_EXPIRY_MIN = '2000-01-01';
export const COUPON_EXPIRY_MAX = '2100-01-01';
const expiryBounds = [COUPON_EXPIRY_MIN, COUPON_EXPIRY_MAX].map((day) => Date.parse(`${day}T00:00:00Z`)) as [
  number,
  number,
];
const isExpiryInRange = (value: string) => {
  const at = Date.parse(value);
  return at >= expiryBounds[0] && at <= expiryBounds[1];
};

const couponFields = {
  kind: z.enum(COUPON_KINDS),
  /** A percent (1–100) for 'percent'; dollars off for 'fixed' (as in the cart's applied coupon). */
  value: z
    .number({ error: M.couponAmountInvalid })
    .positive(M.couponAmountInvalid)
    .max(1_000_000, M.couponAmountInvalid),
  minSubtotal: dollarsSchema(M.couponMinimumInvalid, { min: 0, max: 1_000_000 }),
  /** ISO date-time from COUPON_EXPIRY_MIN to COUPON_EXPIRY_MAX; null never expires. */
  expiresAt: z.iso
    .datetime({ offset: true, error: M.couponDateInvalid, abort: true })
    .refine(isExpiryInRange, M.couponDateOutOfRange(COUPON_EXPIRY_MIN, COUPON_EXPIRY_MAX))
    .nullable(),
  usageLimit: z
    .number({ error: M.couponUsageLimitInvalid })
    .int(M.couponUsageLimitInvalid)
    .min(1, M.couponUsageLimitInvalid)
    .max(1_000_000, M.couponUsageLimitInvalid)
    .nullable(),
  description: z
    .string()
    .trim()
    .max(200)
    .refine((value) => !value.includes('\u0000')),
};

type ValueOfKind = { kind?: (typeof COUPON_KINDS)[number] | undefined; value?: number | undefined };
const valueFitsKind = (coupon: ValueOfKind) =>
  coupon.kind === undefined || coupon.value === undefined
    ? true
    : coupon.kind === 'percent'
      ? Number.isInteger(coupon.value) && coupon.value >= 1 && coupon.value <= 100
      : hasWholeCents(coupon.value);
const valueMessage = (coupon: ValueOfKind) =>
  coupon.kind === 'percent' ? M.couponPercentInvalid : M.couponAmountInvalid;

export const CouponCreateBodySchema = z
  .object({
    code: z.string({ error: M.couponCodeInvalid }).trim().regex(COUPON_CODE_PATTERN, M.couponCodeInvalid),
    ...couponFields,
    minSubtotal: couponFields.minSubtotal.default(0),
    expiresAt: couponFields.expiresAt.default(null),
    usageLimit: couponFields.usageLimit.default(null),
    description: couponFields.description.default(''),
  })
  .superRefine((coupon, context) => {
    if (!valueFitsKind(coupon)) context.addIssue({ code: 'custom', path: ['value'], message: valueMessage(coupon) });
  });
export type CouponCreateBody = z.input<typeof CouponCreateBodySchema>;

/** PATCH: any field but the code; a changed `kind` needs its `value` too. */
export const CouponUpdateBodySchema = z
  .object(couponFields)
  .partial()
  .superRefine((coupon, context) => {
    if (coupon.kind !== undefined && coupon.value === undefined) {
      context.addIssue({ code: 'custom', path: ['value'], message: valueMessage(coupon) });
    } else if (!valueFitsKind(coupon)) {
      context.addIssue({ code: 'custom', path: ['value'], message: valueMessage(coupon) });
    }
  });
export type CouponUpdateBody = z.input<typeof CouponUpdateBodySchema>;

export const AdminCouponSchema = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  minSubtotal: z.number(),
  expiresAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  description: z.string(),
  createdAt: z.string(),
  /** Whether a customer can apply it now (expiry and usage only; the minimum depends on the cart). */
  state: z.enum(['active', 'expired', 'exhausted']),
});
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;

export const AdminCouponListQuerySchema = adminListQuerySchema(ADMIN_COUPON_SORTS, 'createdAt').extend({
  state: z.enum(COUPON_STATE_FILTERS).default('all'),
});
export type AdminCouponListQuery = z.infer<typeof AdminCouponListQuerySchema>;
export const AdminCouponListSchema = adminPageSchema(AdminCouponSchema);
export const AdminCouponAnswerSchema = z.object({ success: z.literal(true), coupon: AdminCouponSchema });
