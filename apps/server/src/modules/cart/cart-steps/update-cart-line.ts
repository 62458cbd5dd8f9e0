import { CART_MESSAGES as M, type UpdateCartItemBody } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import { cartItems } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { CartDeps } from './cart-deps.ts';
import { field, findLine, requireVariant, stockProblem } from './cart-variant.ts';
import type { CartView } from './cart-view.ts';
import { getCart } from './price-cart.ts';

/** Sets a line's quantity (docs/product.md#cart: at least 1, and at most the stock). */
export async function updateCartLine(deps: CartDeps, userId: string, input: UpdateCartItemBody): Promise<CartView> {
  const { db, catalog } = deps;
  const { product, colour, size, stock } = await requireVariant(catalog, input.productId, input.colourId, input.size);
  const line = await findLine(db, userId, product.id, colour.id, size);
  if (!line) throw new AppError('NOT_FOUND', M.lineNotFound);
  const problem = stockProblem(product, colour, size, stock, input.quantity);
  if (problem) throw new AppError('CONFLICT', problem, field('quantity', problem));
  const updated = await db
    .update(cartItems)
    .set({ quantity: input.quantity })
    .where(
      and(
        eq(cartItems.userId, userId),
        eq(cartItems.productId, product.id),
        eq(cartItems.colourId, colour.id),
        eq(cartItems.size, line.size),
      ),
    )
    .returning({ quantity: cartItems.quantity });
  if (updated.length === 0) throw new AppError('NOT_FOUND', M.lineNotFound);
  return getCart(deps, userId);
}
