import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { returnRequests } from '../../db/after-purchase-schema.ts';
import type { Database } from '../../db/client.ts';
import { refunds } from '../../db/schema.ts';
import { createPeriodicWork } from '../../lib/periodic-work.ts';
import type { AuditService } from '../audit/index.ts';

/** A refund of a return takes seconds; one 'refunding' this long lost its process on the way. */
export const RETURN_REFUND_STUCK_AFTER_MS = 10 * 60_000;
const BATCH_SIZE = 20;
const INTERVAL_MS = 60_000;

export type SweptReturns = { finished: number; reopened: number };

/**
 * Finishes the returns a crash left 'refunding' (docs/after-purchase.md#returns). The refund of a
 * return is three transactions: the return turns 'refunding', the orders module writes the refund
 * (and asks the provider), the return turns 'refunded'. A process that died in between leaves it
 * 'refunding' for good, and staff cannot touch it. Only returns 'refunding' for longer than a
 * refund can take are swept (a refund still running in a request holds no lock on its return);
 * each is locked with `SKIP LOCKED`, so several workers share them, and settled once, in one
 * transaction with its audit row:
 *
 * - a refund of the order written for this return since it turned 'refunding' exists: the money
 *   part happened (and the orders module retries the provider), so the return is 'refunded';
 * - none: nothing was paid back, so it goes back to 'received', where staff refund it again with
 *   their own choices (amount, restock). Nothing is paid by the sweep itself: it never guesses them.
 */
export function createReturnRefundSweep({
  db,
  audit,
  clock,
  log,
  stuckAfterMs = RETURN_REFUND_STUCK_AFTER_MS,
}: {
  db: Database;
  audit: Pick<AuditService, 'record'>;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  stuckAfterMs?: number;
}) {
  async function sweep(): Promise<SweptReturns> {
    return db.transaction(async (tx) => {
      const now = clock();
      const stuck = await tx
        .select()
        .from(returnRequests)
        .where(
          and(
            eq(returnRequests.status, 'refunding'),
            lte(returnRequests.updatedAt, new Date(now.getTime() - stuckAfterMs)),
          ),
        )
        .orderBy(asc(returnRequests.updatedAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      const swept = { finished: 0, reopened: 0 };
      for (const row of stuck) {
        const [refund] = await tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(
            and(
              eq(refunds.orderId, row.orderId),
              eq(refunds.reason, `Return ${row.returnNumber}`),
              gte(refunds.createdAt, row.updatedAt),
            ),
          )
          .orderBy(desc(refunds.createdAt))
          .limit(1);
        const to = refund ? ('refunded' as const) : ('received' as const);
        await tx
          .update(returnRequests)
          .set({ status: to, updatedAt: now, ...(refund ? { refundId: refund.id } : {}) })
          .where(eq(returnRequests.id, row.id));
        await audit.record(tx, {
          actorId: null,
          action: `return.${to}`,
          entity: 'return',
          entityId: row.id,
          before: { status: 'refunding' },
          after: { status: to, by: 'sweep', ...(refund ? { refundId: refund.id } : {}) },
        });
        log.warn({ returnId: row.id, to }, 'a return left refunding was swept');
        if (refund) swept.finished += 1;
        else swept.reopened += 1;
      }
      return swept;
    });
  }

  const work = createPeriodicWork({
    step: async () => {
      const { finished, reopened } = await sweep();
      return finished + reopened === BATCH_SIZE;
    },
    name: 'return refund sweep',
    log,
  });

  return { sweep, start: (intervalMs = INTERVAL_MS) => work.start(intervalMs), stop: work.stop };
}

export type ReturnRefundSweep = ReturnType<typeof createReturnRefundSweep>;
