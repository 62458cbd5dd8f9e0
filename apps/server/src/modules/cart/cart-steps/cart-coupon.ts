import { CART_MESSAGES as M } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { cartCoupons } from '../../../db/schema.ts';
import type { CartDeps } from './cart-deps.ts';
import type { CartView } from './cart-view.ts';
import { getCart, getPricedCart } from './price-cart.ts';

/** Applies a promo code (case-insensitive) to the cart, replacing any other. */
export async function applyCoupon(deps: CartDeps, userId: string, code: string): Promise<CartView> {
  const { subtotalCents } = await getPricedCart(deps, userId);
  const coupon = await deps.coupons.check(code, subtotalCents);
  const appliedAt = deps.clock();
  await deps.db
    .insert(cartCoupons)
    .values({ userId, code: coupon.code, appliedAt })
    .onConflictDoUpdate({ target: cartCoupons.userId, set: { code: coupon.code, appliedAt } });
  return getCart(deps, userId, M.couponApplied(coupon.code));
}

export async function removeCoupon(deps: CartDeps, userId: string): Promise<CartView> {
  await deps.db.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
  return getCart(deps, userId, M.couponRemoved);
}
