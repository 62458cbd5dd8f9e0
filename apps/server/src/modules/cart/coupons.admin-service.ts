import {
  ADMIN_CATALOG_MESSAGES as M,
  type AdminCoupon,
  type AdminCouponListQuery,
  type CouponCreateBodySchema,
  type CouponUpdateBodySchema,
  hasWholeCents,
  toCents,
  toDollars,
} from '@shopper/contract';
import { and, asc, desc, eq, ilike, isNotNull, isNull, lte, or, type SQL, sql, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { coupons } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditRecorder } from '../audit/index.ts';
import { likePattern } from '../../lib/admin-page.ts';
import type { CouponRow } from './coupons.service.ts';

type CouponCreateInput = z.output<typeof CouponCreateBodySchema>;
type CouponUpdateInput = z.output<typeof CouponUpdateBodySchema>;

const SORT_COLUMN = {
  code: coupons.code,
  createdAt: coupons.createdAt,
  expiresAt: coupons.expiresAt,
  usedCount: coupons.usedCount,
} as const;

const notFound = () => new AppError('NOT_FOUND', M.couponNotFound);
const field = (param: string, message: string) => [{ param, msg: message }];

/** The stored value: a percent stays a percent; dollars off become cents. */
const storedValue = (kind: CouponRow['kind'], value: number) => (kind === 'percent' ? value : toCents(value));

export function couponState(row: CouponRow, now: Date): AdminCoupon['state'] {
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return 'exhausted';
  return 'active';
}

export function toAdminCoupon(row: CouponRow, now: Date): AdminCoupon {
  return {
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? row.value : toDollars(row.value),
    minSubtotal: toDollars(row.minSubtotalCents),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    state: couponState(row, now),
  };
}

export type CouponsAdminService = ReturnType<typeof createCouponsAdminService>;

/**
 * Promo codes in the back office (docs/product.md#promo-codes): create, edit, expire and see usage. The
 * usage counter itself is only moved by checkout (coupons.service.ts).
 */
export function createCouponsAdminService({
  db,
  audit,
  clock,
}: {
  db: Database;
  audit: AuditRecorder;
  clock: () => Date;
}) {
  async function lock(tx: Database, code: string): Promise<CouponRow> {
    const [row] = await tx.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase())).for('update');
    if (!row) throw notFound();
    return row;
  }

  async function change(
    actorId: string,
    code: string,
    action: string,
    apply: (tx: Database, row: CouponRow) => Promise<CouponRow>,
  ): Promise<AdminCoupon> {
    return db.transaction(async (tx) => {
      const row = await lock(tx, code);
      const after = await apply(tx, row);
      const now = clock();
      await audit.record(tx, {
        actorId,
        action,
        entity: 'coupon',
        entityId: row.code,
        before: toAdminCoupon(row, now),
        after: toAdminCoupon(after, now),
      });
      return toAdminCoupon(after, now);
    });
  }

  return {
    async list(query: AdminCouponListQuery) {
      const now = clock();
      const where: SQL[] = [];
      if (query.q) {
        const pattern = likePattern(query.q);
        where.push(or(ilike(coupons.code, pattern), ilike(coupons.description, pattern)) as SQL);
      }
      const isExpired = and(isNotNull(coupons.expiresAt), lte(coupons.expiresAt, now));
      const isExhausted = and(isNotNull(coupons.usageLimit), sql`${coupons.usedCount} >= ${coupons.usageLimit}`);
      if (query.state === 'expired') where.push(isExpired as SQL);
      if (query.state === 'exhausted') where.push(and(isExhausted, sql`not (${isExpired})`) as SQL);
      if (query.state === 'active') {
        where.push(or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)) as SQL);
        where.push(or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`) as SQL);
      }
      const direction = query.dir === 'asc' ? asc : desc;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(coupons)
          .where(and(...where))
          .orderBy(direction(SORT_COLUMN[query.sort]), asc(coupons.code))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(coupons)
          .where(and(...where)),
      ]);
      return {
        items: rows.map((row) => toAdminCoupon(row, now)),
        page: query.page,
        pageSize: query.pageSize,
        total: counted?.n ?? 0,
      };
    },

    async get(code: string): Promise<AdminCoupon> {
      const [row] = await db.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase()));
      if (!row) throw notFound();
      return toAdminCoupon(row, clock());
    },

    async create(actorId: string, input: CouponCreateInput): Promise<AdminCoupon> {
      const code = input.code.toUpperCase();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(coupons)
          .values({
            code,
            kind: input.kind,
            value: storedValue(input.kind, input.value),
            minSubtotalCents: toCents(input.minSubtotal),
            expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt),
            usageLimit: input.usageLimit,
            description: input.description,
            createdAt: clock(),
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError('CONFLICT', M.couponCodeTaken, field('code', M.couponCodeTaken));
        const coupon = toAdminCoupon(row, clock());
        await audit.record(tx, { actorId, action: 'coupon.create', entity: 'coupon', entityId: code, after: coupon });
        return coupon;
      });
    },

    async update(actorId: string, code: string, input: CouponUpdateInput): Promise<AdminCoupon> {
      return change(actorId, code, 'coupon.update', async (tx, row) => {
        const kind = input.kind ?? row.kind;
        // A value sent alone is checked here, against the kind the code already has.
        if (input.value !== undefined && input.kind === undefined) {
          const fits =
            kind === 'percent' ? Number.isInteger(input.value) && input.value <= 100 : hasWholeCents(input.value);
          const message = kind === 'percent' ? M.couponPercentInvalid : M.couponAmountInvalid;
          if (!fits) throw new AppError('VALIDATION_FAILED', message, field('value', message));
        }
        const usageLimit = input.usageLimit === undefined ? row.usageLimit : input.usageLimit;
        if (usageLimit !== null && usageLimit < row.usedCount) {
          const message = M.couponUsageLimitBelowUses(row.usedCount);
          throw new AppError('VALIDATION_FAILED', message, field('usageLimit', message));
        }
        const [updated] = await tx
          .update(coupons)
          .set({
            kind,
            ...(input.value !== undefined ? { value: storedValue(kind, input.value) } : {}),
            ...(input.minSubtotal !== undefined ? { minSubtotalCents: toCents(input.minSubtotal) } : {}),
            ...(input.expiresAt !== undefined
              ? { expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt) }
              : {}),
            usageLimit,
            ...(input.description !== undefined ? { description: input.description } : {}),
          })
          .where(eq(coupons.code, row.code))
          .returning();
        return updated ?? row;
      });
    },

    /** Ends a code now; carts holding it lose it on their next read, checkout refuses it. */
    async expire(actorId: string, code: string): Promise<AdminCoupon> {
      return change(actorId, code, 'coupon.expire', async (tx, row) => {
        const now = clock();
        if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return row;
        const [updated] = await tx
          .update(coupons)
          .set({ expiresAt: now })
          .where(eq(coupons.code, row.code))
          .returning();
        return updated ?? row;
      });
    },
  };
}
