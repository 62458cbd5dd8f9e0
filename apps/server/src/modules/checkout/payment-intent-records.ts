import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentIntents } from '../../db/schema.ts';
import type { ProviderIntent } from '../../payments/provider.ts';
import type { PricedLine } from '../cart/index.ts';
import type { CheckoutDeps } from './checkout-deps.ts';

export type IntentRow = typeof paymentIntents.$inferSelect;

/**
 * A cart line as priced when the intent was made; the order copies these prices, never today's.
 * `colourName` is '' when the product had one visible colour. Intents opened before colours existed
 * have lines without `colourId`: their order takes the product's default colour (decision 043).
 */
export type SnapshotLine = Pick<PricedLine, 'productId' | 'name' | 'image' | 'size' | 'quantity' | 'unitPriceCents'> & {
  colourId?: string;
  colourName?: string;
  /** The line's tax as priced; absent on intents opened before taxes were kept per line. */
  taxRateMilli?: number;
  taxCents?: number;
};

/** What checkout itself changes on an intent row; the rest is fixed when the intent is made. */
export type IntentChange = Partial<Pick<IntentRow, 'status' | 'failureMessage' | 'shippingInfo'>>;

/** Our own statuses besides the provider's: no order will come of it ('failed'), or it is over. */
export const FINAL_STATUSES = ['succeeded', 'failed', 'canceled'];
/** Provider statuses of an intent nobody has paid yet: the ones reused, replaced and capped. */
const UNPAID_STATUSES = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export async function findIntent({ db }: Pick<CheckoutDeps, 'db'>, id: string): Promise<IntentRow | undefined> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id)).limit(1);
  return row;
}

/** `executor` lets the order's transaction (or its savepoint) write the row with everything else. */
export async function setIntent(
  { db, clock }: Pick<CheckoutDeps, 'db' | 'clock'>,
  id: string,
  change: IntentChange,
  executor: Database = db,
): Promise<void> {
  await executor
    .update(paymentIntents)
    .set({ ...change, updatedAt: clock() })
    .where(eq(paymentIntents.id, id));
}

/** Records what the provider says, unless we already closed the intent ourselves. */
export async function recordProviderStatus(
  { db, clock }: Pick<CheckoutDeps, 'db' | 'clock'>,
  id: string,
  remote: ProviderIntent,
): Promise<void> {
  await db
    .update(paymentIntents)
    .set({
      status: remote.status,
      ...(remote.lastError ? { failureMessage: remote.lastError.message } : {}),
      updatedAt: clock(),
    })
    .where(and(eq(paymentIntents.id, id), notInArray(paymentIntents.status, FINAL_STATUSES)));
}

export async function openUnpaidIntentsOf({ db }: Pick<CheckoutDeps, 'db'>, userId: string): Promise<IntentRow[]> {
  return db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.userId, userId), inArray(paymentIntents.status, UNPAID_STATUSES)))
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id));
}
