import type { StockReason } from '@shopper/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export type StockContext = { reason: StockReason; note?: string; actorId?: string | null; orderId?: string | null };

/**
 * Says why the stock changes for the rest of the caller's transaction: the ledger trigger
 * (migration 0008, decision 019) copies these into each stock_movements row it writes.
 */
export async function setStockContext(tx: Database, context: StockContext): Promise<void> {
  await tx.execute(sql`select
    set_config('shopper.stock_reason', ${context.reason}, true),
    set_config('shopper.stock_note', ${context.note ?? ''}, true),
    set_config('shopper.stock_actor', ${context.actorId ?? ''}, true),
    set_config('shopper.stock_order', ${context.orderId ?? ''}, true)`);
}
