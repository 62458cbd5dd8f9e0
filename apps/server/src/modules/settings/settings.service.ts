import { DEFAULT_LOW_STOCK_THRESHOLD, type ShopSettings } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shopSettings } from '../../db/schema.ts';
import type { AuditService } from '../audit/index.ts';

export type SettingsService = ReturnType<typeof createSettingsService>;

/** The shop's one row of settings: the owner changes them, the back office reads them. */
export function createSettingsService({ db, clock, audit }: { db: Database; clock: () => Date; audit: AuditService }) {
  async function settings(): Promise<ShopSettings> {
    const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
    // The import's allowed hosts are not stored yet (decision 043, plan step 14): none allowed.
    return { lowStockThreshold: row?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD, importImageHosts: [] };
  }

  async function updateSettings(actorId: string, next: Pick<ShopSettings, 'lowStockThreshold'>): Promise<ShopSettings> {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
      await tx
        .insert(shopSettings)
        .values({ id: 1, lowStockThreshold: next.lowStockThreshold, updatedAt: clock() })
        .onConflictDoUpdate({
          target: shopSettings.id,
          set: { lowStockThreshold: next.lowStockThreshold, updatedAt: clock() },
        });
      await audit.record(tx, {
        actorId,
        action: 'settings.update',
        entity: 'setting',
        entityId: 'shop',
        before: { lowStockThreshold: before?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD },
        after: { lowStockThreshold: next.lowStockThreshold },
      });
      return { lowStockThreshold: next.lowStockThreshold, importImageHosts: [] };
    });
  }

  return {
    settings,
    updateSettings,
    /** For the back-office Home and lists: a size at or under this stock is low. */
    lowStockThreshold: async () => (await settings()).lowStockThreshold,
  };
}
