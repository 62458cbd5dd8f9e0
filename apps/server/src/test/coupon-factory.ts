import type { DatabaseHandle } from '../db/client.ts';
import { coupons } from '../db/schema.ts';

type NewCoupon = typeof coupons.$inferInsert;

/** Writes a coupon rule straight into the table; only what a test names differs from 10% off. */
export async function insertCoupon(database: DatabaseHandle, fields: Partial<NewCoupon> & { code: string }) {
  await database.db.insert(coupons).values({ kind: 'percent', value: 10, description: 'Test coupon', ...fields });
}
