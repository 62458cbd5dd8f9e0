import { CART_MESSAGES as M, type RemoveFromCartBody } from '@shopper/contract';
import { and, eq, sql } from 'drizzle-orm';
import { cartItems } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { CartDeps } from './cart-deps.ts';
import { findLine, resolveColour, unknownColour } from './cart-variant.ts';
import type { CartView } from './cart-view.ts';
import { getCart } from './price-cart.ts';

/** removeAll, no quantity, or at least the line's quantity removes the line; less takes that many off. */
export async function removeFromCart(deps: CartDeps, userId: string, input: RemoveFromCartBody): Promise<CartView> {
  const { db, catalog } = deps;
  const productId = input.productId;
  const product = (await catalog.getForCart([productId])).get(productId);
  // Lines of a product the catalog no longer has are gone already (foreign key), so no product, no line.
  if (!product || product.defaultColourId === undefined) throw new AppError('NOT_FOUND', M.lineNotFound);
  const colour = resolveColour(product, input.colourId);
  if (!colour) throw unknownColour();
  await db.transaction(async (tx) => {
    const line = await findLine(tx, userId, productId, colour.id, input.size);
    if (!line) throw new AppError('NOT_FOUND', M.lineNotFound);
    const where = and(
      eq(cartItems.userId, userId),
      eq(cartItems.productId, productId),
      eq(cartItems.colourId, colour.id),
      eq(cartItems.size, line.size),
    );
    const removesLine = input.removeAll === true || input.quantity === undefined || input.quantity >= line.quantity;
    if (removesLine) {
      await tx.delete(cartItems).where(where);
    } else {
      await tx
        .update(cartItems)
        .set({ quantity: sql`greatest(${cartItems.quantity} - ${input.quantity ?? 0}, 1)` })
        .where(where);
    }
  });
  return getCart(deps, userId);
}
