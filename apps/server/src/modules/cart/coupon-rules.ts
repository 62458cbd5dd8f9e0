import type { CouponKind } from '@shopper/contract';
import { CART_MESSAGES as M } from '@shopper/contract';

/** The rule of a coupon: a percent off (1–100) or a fixed amount off in cents. */
export type CouponRule = { kind: CouponKind; value: number };

export type CouponTerms = CouponRule & {
  minSubtotalCents: number;
  expiresAt: Date | null;
  usageLimit: number | null;
  usedCount: number;
};

/**
 * The discount in cents a coupon gives on a subtotal: a percent rounds to the nearest cent (half
 * up), a fixed amount never takes the total below zero.
 */
export function couponDiscountCents({ kind, value }: CouponRule, subtotalCents: number): number {
  if (subtotalCents <= 0 || value <= 0) return 0;
  const discount = kind === 'percent' ? Math.round((subtotalCents * Math.min(value, 100)) / 100) : value;
  return Math.min(discount, subtotalCents);
}

/** Why a coupon cannot be used on this subtotal now, or null when it can. */
export function couponProblem(terms: CouponTerms, subtotalCents: number, now: Date): string | null {
  if (terms.expiresAt && terms.expiresAt.getTime() <= now.getTime()) return M.couponExpired;
  if (terms.usageLimit !== null && terms.usedCount >= terms.usageLimit) return M.couponExhausted;
  if (subtotalCents < terms.minSubtotalCents) return M.couponMinimum(terms.minSubtotalCents);
  return null;
}
