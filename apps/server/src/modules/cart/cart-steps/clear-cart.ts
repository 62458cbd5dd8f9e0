import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { cartCoupons, cartItems } from '../../../db/schema.ts';

/** Empties the cart and takes its coupon off; works inside a caller's transaction (checkout). */
export async function clearCart(executor: Database, userId: string): Promise<void> {
  await executor.delete(cartItems).where(eq(cartItems.userId, userId));
  await executor.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
}
