import { randomBytes } from 'node:crypto';
import type { TestIntentStatus } from '@shopper/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { testProviderIntents } from '../../db/schema.ts';

/** The test-mode provider's own records; nothing else in the app reads this table. */
export type TestIntentRow = typeof testProviderIntents.$inferSelect;

const token = (bytes: number) => randomBytes(bytes).toString('hex');

export async function insertTestIntent(
  db: Database,
  input: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    customerId: string | null;
    keepsCard: boolean;
    now: Date;
  },
): Promise<TestIntentRow> {
  const id = `pi_test_${token(12)}`;
  const [row] = await db
    .insert(testProviderIntents)
    .values({
      id,
      clientSecret: `${id}_secret_${token(16)}`,
      amountCents: input.amountCents,
      currency: input.currency,
      status: 'requires_payment_method',
      captureMethod: 'manual',
      customerId: input.customerId,
      keepsCard: input.keepsCard,
      metadata: input.metadata,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  if (!row) throw new Error('test provider: insert returned no row');
  return row;
}

export async function findTestIntent(db: Database, id: string): Promise<TestIntentRow | undefined> {
  const [row] = await db.select().from(testProviderIntents).where(eq(testProviderIntents.id, id)).limit(1);
  return row;
}

/**
 * Moves an intent on only if it is still in one of `from`: two confirmations, or a capture and a
 * cancel, racing each other cannot both win.
 */
export async function transitionTestIntent(
  db: Database,
  id: string,
  from: readonly TestIntentStatus[],
  change: Partial<Omit<TestIntentRow, 'id' | 'clientSecret' | 'createdAt'>> & {
    status: TestIntentStatus;
    updatedAt: Date;
  },
): Promise<TestIntentRow | undefined> {
  const [row] = await db
    .update(testProviderIntents)
    .set(change)
    .where(and(eq(testProviderIntents.id, id), inArray(testProviderIntents.status, [...from])))
    .returning();
  return row;
}

/** The paid intent a test-mode card was used on: the card exists, and is its customer's, only then. */
export async function findPaidCard(db: Database, paymentMethodId: string): Promise<TestIntentRow | undefined> {
  const [row] = await db
    .select()
    .from(testProviderIntents)
    .where(
      and(
        eq(testProviderIntents.paymentMethodId, paymentMethodId),
        inArray(testProviderIntents.status, ['requires_capture', 'succeeded']),
      ),
    )
    .limit(1);
  return row;
}

export async function detachTestCard(db: Database, paymentMethodId: string): Promise<void> {
  await db
    .update(testProviderIntents)
    .set({ customerId: null })
    .where(eq(testProviderIntents.paymentMethodId, paymentMethodId));
}

export const newCustomerId = () => `cus_test_${token(12)}`;
export const newPaymentMethodId = () => `pm_test_${token(12)}`;
export const newEventId = () => `evt_test_${token(12)}`;
