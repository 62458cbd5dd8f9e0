import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { coupons } from '../schema.ts';

type NewCoupon = typeof coupons.$inferInsert;

/** Promo codes of the demo shop, one per rule (README, The demo). */
export const DEMO_COUPONS: readonly NewCoupon[] = [
  { code: 'WELCOME10', kind: 'percent', value: 10, description: '10% off your order' },
  {
    code: 'SAVE20',
    kind: 'fixed',
    value: 2_000,
    minSubtotalCents: 10_000,
    description: '$20 off orders of $100 or more',
  },
  {
    code: 'SUMMER25',
    kind: 'percent',
    value: 25,
    expiresAt: new Date('2025-09-01T00:00:00.000Z'),
    description: '25% off (summer sale, ended)',
  },
  { code: 'LIMITED5', kind: 'percent', value: 5, usageLimit: 1, usedCount: 1, description: '5% off (used up)' },
];

/** Arbitrary constant naming the advisory lock that serialises coupon seeding across instances. */
const SEED_LOCK_KEY = 7_230_002;

/** Seeds the demo promo codes when the shop has none; a shop with its own codes is never touched. */
export async function seedCouponsIfEmpty(db: Database, items: readonly NewCoupon[] = DEMO_COUPONS): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(coupons);
    if ((existing?.n ?? 0) > 0 || items.length === 0) return 0;
    await tx.insert(coupons).values([...items]);
    return items.length;
  });
}
