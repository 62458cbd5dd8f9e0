import { CART_MESSAGES as M } from '@shopper/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { coupons } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { couponProblem } from './coupon-rules.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type CouponsService = ReturnType<typeof createCouponsService>;

const codeError = (message: string) => [{ param: 'code', msg: message }];

/** The promo code rules table: lookups, checks, and the usage counter checkout moves. */
export function createCouponsService({ db, clock }: { db: Database; clock: () => Date }) {
  async function find(code: string, executor: Database = db): Promise<CouponRow | undefined> {
    const [row] = await executor.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase())).limit(1);
    return row;
  }

  return {
    find,

    /** Why this coupon cannot be used on the subtotal right now, or null. */
    problemWith(coupon: CouponRow, subtotalCents: number): string | null {
      return couponProblem(coupon, subtotalCents, clock());
    },

    /** The coupon for a code a customer typed, if it can be used on this subtotal; otherwise a 400 on `code`. */
    async check(code: string, subtotalCents: number, executor: Database = db): Promise<CouponRow> {
      const coupon = await find(code, executor);
      if (!coupon) throw new AppError('VALIDATION_FAILED', M.couponInvalid, codeError(M.couponInvalid));
      const problem = couponProblem(coupon, subtotalCents, clock());
      if (problem) throw new AppError('VALIDATION_FAILED', problem, codeError(problem));
      return coupon;
    },

    /**
     * Counts one use, inside the caller's transaction. The condition sits in the UPDATE itself, so
     * concurrent orders cannot take a limited coupon past its limit (the row lock serialises them).
     */
    async redeem(tx: Database, code: string): Promise<void> {
      const normalized = code.trim().toUpperCase();
      const [row] = await tx
        .update(coupons)
        .set({ usedCount: sql`${coupons.usedCount} + 1` })
        .where(
          and(eq(coupons.code, normalized), or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit))),
        )
        .returning({ code: coupons.code });
      if (row) return;
      const message = (await find(normalized, tx)) ? M.couponExhausted : M.couponInvalid;
      throw new AppError('CONFLICT', message, codeError(message));
    },

    /** Gives one use back (an order that could not be completed). */
    async release(tx: Database, code: string): Promise<void> {
      await tx
        .update(coupons)
        .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
        .where(eq(coupons.code, code.trim().toUpperCase()));
    },
  };
}
