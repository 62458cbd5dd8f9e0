import { randomBytes } from 'node:crypto';
import { ADMIN_MESSAGES } from '@shopper/contract';
import { asc, eq, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { testProviderRefunds } from '../../db/schema.ts';
import { type ProviderRefund, RefundRefusedError } from '../provider.ts';
import type { TestIntentRow } from './test-provider-intents.ts';

type RefundRow = typeof testProviderRefunds.$inferSelect;

const toProviderRefund = (row: RefundRow): ProviderRefund => ({
  id: row.id,
  amountCents: row.amountCents,
  status: 'succeeded',
  shopRefundId: row.shopRefundId,
});

/**
 * The test-mode provider's refunds, kept as Stripe would: only of captured money, never more than
 * was received, and one refund per idempotency key (a repeat answers the first refund).
 * `shopRefundId` is null for a refund made "in the provider's dashboard".
 */
export async function refundTestIntent(
  db: Database,
  {
    intent,
    amountCents,
    idempotencyKey,
    shopRefundId,
    clock,
  }: {
    intent: TestIntentRow;
    amountCents: number;
    idempotencyKey: string;
    shopRefundId: string | null;
    clock: () => Date;
  },
): Promise<{ refund: ProviderRefund; isNew: boolean }> {
  return db.transaction(async (tx) => {
    const [again] = await tx
      .select()
      .from(testProviderRefunds)
      .where(eq(testProviderRefunds.idempotencyKey, idempotencyKey));
    if (again) return { refund: toProviderRefund(again), isNew: false };
    // Serialises refunds of one intent, so two at once cannot both pass the "not more than received" check.
    await tx.execute(sqlLock(intent.id));
    const [refunded] = await tx
      .select({ total: sum(testProviderRefunds.amountCents) })
      .from(testProviderRefunds)
      .where(eq(testProviderRefunds.intentId, intent.id));
    if (intent.status !== 'succeeded' || amountCents > intent.amountReceivedCents - Number(refunded?.total ?? 0)) {
      throw new RefundRefusedError(ADMIN_MESSAGES.refundRefused, 'refund_refused');
    }
    const [row] = await tx
      .insert(testProviderRefunds)
      .values({
        id: `re_test_${randomBytes(12).toString('hex')}`,
        intentId: intent.id,
        amountCents,
        idempotencyKey,
        shopRefundId,
        createdAt: clock(),
      })
      .returning();
    if (!row) throw new Error('insert returned no refund');
    return { refund: toProviderRefund(row), isNew: true };
  });
}

export async function listTestRefunds(db: Database, intentId: string): Promise<ProviderRefund[]> {
  const rows = await db
    .select()
    .from(testProviderRefunds)
    .where(eq(testProviderRefunds.intentId, intentId))
    .orderBy(asc(testProviderRefunds.createdAt), asc(testProviderRefunds.id));
  return rows.map(toProviderRefund);
}

function sqlLock(intentId: string) {
  return sql`select 1 from test_provider_intents where id = ${intentId} for update`;
}
