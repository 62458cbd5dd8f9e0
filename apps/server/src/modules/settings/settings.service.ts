import {
  DEFAULT_ERASED_REVIEW_POLICY,
  DEFAULT_LOW_STOCK_THRESHOLD,
  DEFAULT_RETURN_WINDOW_DAYS,
  ERASED_REVIEW_POLICIES,
  type ErasedReviewPolicy,
  type ShopSettings,
} from '@shopper/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shopSettings } from '../../db/schema.ts';
import type { AuditService } from '../audit/index.ts';

export type SettingsService = ReturnType<typeof createSettingsService>;

/** What the owner sends: the threshold, and each other setting only when it changes. */
export type SettingsChange = Pick<ShopSettings, 'lowStockThreshold'> &
  Partial<Pick<ShopSettings, 'importImageHosts' | 'returnWindowDays' | 'erasedReviews' | 'guestCheckout'>>;

function erasedReviewPolicy(value: string | undefined): ErasedReviewPolicy {
  return (ERASED_REVIEW_POLICIES as readonly (string | undefined)[]).includes(value)
    ? (value as ErasedReviewPolicy)
    : DEFAULT_ERASED_REVIEW_POLICY;
}

/** The shop's one row of settings: the owner changes them, the back office reads them. */
export function createSettingsService({ db, clock, audit }: { db: Database; clock: () => Date; audit: AuditService }) {
  async function settings(executor: Database = db): Promise<ShopSettings> {
    const [row] = await executor.select().from(shopSettings).where(eq(shopSettings.id, 1));
    return {
      lowStockThreshold: row?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
      importImageHosts: row?.importImageHosts ?? [],
      returnWindowDays: row?.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS,
      erasedReviews: erasedReviewPolicy(row?.erasedReviews),
      guestCheckout: row?.guestCheckout ?? false,
    };
  }

  async function updateSettings(actorId: string, next: SettingsChange): Promise<ShopSettings> {
    return db.transaction(async (tx) => {
      await tx.select({ id: shopSettings.id }).from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
      const before = await settings(tx);
      // A body without the hosts leaves them as they are (decision 043); so for the other settings.
      const after: ShopSettings = {
        lowStockThreshold: next.lowStockThreshold,
        importImageHosts: next.importImageHosts ?? before.importImageHosts,
        returnWindowDays: next.returnWindowDays ?? before.returnWindowDays,
        erasedReviews: next.erasedReviews ?? before.erasedReviews,
        guestCheckout: next.guestCheckout ?? before.guestCheckout,
      };
      await tx
        .insert(shopSettings)
        .values({ id: 1, ...after, updatedAt: clock() })
        .onConflictDoUpdate({ target: shopSettings.id, set: { ...after, updatedAt: clock() } });
      await audit.record(tx, {
        actorId,
        action: 'settings.update',
        entity: 'setting',
        entityId: 'shop',
        before,
        after,
      });
      return after;
    });
  }

  return {
    settings: () => settings(),
    updateSettings,
    /** For the back-office Home and lists: a size at or under this stock is low. */
    lowStockThreshold: async () => (await settings()).lowStockThreshold,
    /** Where the catalog import may fetch pictures from (decision 043). */
    importImageHosts: async () => (await settings()).importImageHosts,
    /** Days after delivery a customer may ask for a return. */
    returnWindowDays: async () => (await settings()).returnWindowDays,
    /** What an erasure does with the customer's reviews, read when it happens (docs/product.md#your-data). */
    erasedReviews: async () => (await settings()).erasedReviews,
    /** Whether visitors may fill a cart and pay without an account (decision 072). */
    guestCheckout: async () => (await settings()).guestCheckout,
  };
}
