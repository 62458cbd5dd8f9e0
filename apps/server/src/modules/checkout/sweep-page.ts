import { and, asc, eq, gt, inArray, lt, notInArray } from 'drizzle-orm';
import { paymentIntents } from '../../db/schema.ts';
import type { CheckoutDeps } from './checkout-deps.ts';
import { FINAL_STATUSES, type IntentRow } from './payment-intent-records.ts';

/** The reconciliation sweep's passes, in order: authorized money first, then releases, then the rest. */
export const SWEEP_PHASES = ['authorized', 'failed', 'open'] as const;
export type SweepPhase = (typeof SWEEP_PHASES)[number];

/** Money authorized (or on its way) as far as we know: the sweep looks at these first. */
const AUTHORIZED_STATUSES = ['requires_capture', 'processing'];

export type SweepPageQuery = {
  phase: SweepPhase;
  before: Date;
  afterId: string | undefined;
  limit: number;
};

/**
 * For the reconciliation sweep: one page of the intents of a phase made before `before`, in id
 * order after `afterId`. Paging by the primary key alone never repeats or skips a row.
 */
export async function sweepPage(
  { db }: Pick<CheckoutDeps, 'db'>,
  { phase, before, afterId, limit }: SweepPageQuery,
): Promise<IntentRow[]> {
  const inPhase = {
    authorized: inArray(paymentIntents.status, AUTHORIZED_STATUSES),
    failed: eq(paymentIntents.status, 'failed'),
    open: notInArray(paymentIntents.status, [...FINAL_STATUSES, ...AUTHORIZED_STATUSES]),
  }[phase];
  return db
    .select()
    .from(paymentIntents)
    .where(
      and(
        inPhase,
        lt(paymentIntents.createdAt, before),
        afterId === undefined ? undefined : gt(paymentIntents.id, afterId),
      ),
    )
    .orderBy(asc(paymentIntents.id))
    .limit(limit);
}
