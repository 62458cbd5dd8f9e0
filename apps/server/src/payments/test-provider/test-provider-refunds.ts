import { randomBytes } from 'node:crypto';
import { ADMIN_MESSAGES } from '@shopper/contract';
import { eq, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { testProviderRefunds } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ProviderRefund } from '../provider.ts';
import type { TestIntentRow } from './test-provider-intents.ts';

/**
 * The test-mode provider's refunds, kept as Stripe would: only of captured money, never more than
 * was received, and one refund per idempotency key (a repeat answers the first refund).
 */
export async function refundTestIntent(
  db: Database,
  {
    intent,
    amountCents,
    idempotencyKey,
    clock,
  }: { intent: TestIntentRow; amountCents: number; idempotencyKey: string; clock: () => Date },
): Promise<ProviderRefund> {
  return db.transaction(async (tx) => {
    const [again] = await tx
      .select()
      .from(testProviderRefunds)
      .where(eq(testProviderRefunds.idempotencyKey, idempotencyKey));
    if (again) return { id: again.id, amountCents: again.amountCents };
    // Serialises refunds of one intent, so two at once cannot both pass the "not more than received" check.
    await tx.execute(sqlLock(intent.id));
    const [refunded] = await tx
      .select({ total: sum(testProviderRefunds.amountCents) })
      .from(testProviderRefunds)
      .where(eq(testProviderRefunds.intentId, intent.id));
    if (intent.status !== 'succeeded' || amountCents > intent.amountReceivedCents - Number(refunded?.total ?? 0)) {
      throw new AppError('PAYMENT_FAILED', ADMIN_MESSAGES.refundRefused);
    }
    const id = `re_test_${randomBytes(12).toString('hex')}`;
    await tx
      .insert(testProviderRefunds)
      .values({ id, intentId: intent.id, amountCents, idempotencyKey, createdAt: clock() });
    return { id, amountCents };
  });
}

function sqlLock(intentId: string) {
  return sql`select 1 from test_provider_intents where id = ${intentId} for update`;
}
