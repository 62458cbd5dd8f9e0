import type { AddToCartBody } from '@shopper/contract';
import { sql } from 'drizzle-orm';
import { cartItems } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { CartDeps } from './cart-deps.ts';
import { field, requireVariant, stockProblem } from './cart-variant.ts';
import type { CartView } from './cart-view.ts';
import { getCart } from './price-cart.ts';

/** Adds to the line of that product, colour and size; the resulting quantity must fit the stock. */
export async function addToCart(deps: CartDeps, userId: string, input: AddToCartBody): Promise<CartView> {
  const { db, catalog, clock } = deps;
  const { product, colour, size, stock } = await requireVariant(catalog, input.productId, input.colourId, input.size);
  const soldOut = stockProblem(product, colour, size, stock, input.quantity);
  if (soldOut) throw new AppError('CONFLICT', soldOut, field('quantity', soldOut));
  await db.transaction(async (tx) => {
    // Upsert then check: two adds racing each see the other's quantity, and a refusal rolls back.
    const [line] = await tx
      .insert(cartItems)
      .values({
        userId,
        productId: product.id,
        colourId: colour.id,
        size,
        quantity: input.quantity,
        addedAt: clock(),
      })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.colourId, cartItems.size],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      })
      .returning({ quantity: cartItems.quantity });
    const total = line?.quantity ?? input.quantity;
    const problem = stockProblem(product, colour, size, stock, total, total - input.quantity);
    if (problem) throw new AppError('CONFLICT', problem, field('quantity', problem));
  });
  return getCart(deps, userId);
}
