import { type CartSyncAnswer, type CartSyncBody, MAX_CART_LINE_QUANTITY } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { cartCoupons, cartItems } from '../../../db/schema.ts';
import type { CartDeps } from './cart-deps.ts';
import { resolveSize } from './cart-variant.ts';
import type { CartView } from './cart-view.ts';
import { getCart } from './price-cart.ts';

type Merge = Pick<CartSyncAnswer, 'skipped' | 'adjusted'>;

/**
 * Merges a guest cart into the user's (POST /api/cart/sync): the lines the client sends and the
 * guest cart its cookie names (decision 072), that one emptied in the same transaction so a
 * second merge finds nothing to add. Quantities of the same line add up, capped at the stock and
 * the line limit; lines the catalog cannot serve are skipped and reported.
 */
export async function syncCart(
  deps: CartDeps,
  userId: string,
  input: CartSyncBody,
  guestId?: string,
): Promise<CartView & Merge> {
  const merge =
    guestId === undefined
      ? await mergeLines(deps, userId, input.items)
      : await deps.db.transaction(async (tx) => {
          const taken = await tx.delete(cartItems).where(eq(cartItems.userId, guestId)).returning({
            productId: cartItems.productId,
            colourId: cartItems.colourId,
            size: cartItems.size,
            quantity: cartItems.quantity,
            addedAt: cartItems.addedAt,
          });
          await tx.delete(cartCoupons).where(eq(cartCoupons.userId, guestId));
          const guestLines = taken
            .sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime())
            .map(({ addedAt: _addedAt, ...line }) => line);
          return mergeLines({ ...deps, db: tx }, userId, [...guestLines, ...input.items]);
        });
  return { ...(await getCart(deps, userId)), ...merge };
}

async function mergeLines(deps: CartDeps, userId: string, items: CartSyncBody['items']): Promise<Merge> {
  const { db, catalog, clock } = deps;
  const products = await catalog.getForCart(items.map((item) => item.productId));
  // Lines naming no colour are the default colour's, so they merge with lines that name it.
  const wanted = new Map<
    string,
    { productId: string; colourId: string | undefined; named: boolean; size: string; quantity: number }
  >();
  for (const item of items) {
    const colourId = item.colourId ?? products.get(item.productId)?.defaultColourId;
    const key = JSON.stringify([item.productId, colourId ?? null, item.size.toLowerCase()]);
    const seen = wanted.get(key);
    const named = item.colourId !== undefined;
    if (seen) {
      seen.quantity += item.quantity;
      seen.named ||= named;
    } else wanted.set(key, { productId: item.productId, colourId, named, size: item.size, quantity: item.quantity });
  }
  const skipped: CartSyncAnswer['skipped'] = [];
  const adjusted: CartSyncAnswer['adjusted'] = [];
  const accepted: {
    productId: string;
    colourId: string;
    named: boolean;
    size: string;
    quantity: number;
    stock: number;
  }[] = [];
  for (const item of wanted.values()) {
    const product = products.get(item.productId);
    const colour = product && item.colourId !== undefined ? product.colours.get(item.colourId) : undefined;
    const size = colour && resolveSize(colour, item.size);
    const stock = colour && size !== undefined ? (colour.stockBySize.get(size) ?? 0) : 0;
    // The answer names the colour when the guest line did or the product has several; a line of a
    // one-colour product that named none is answered as before colours existed.
    const named = item.named || product?.hasSeveralColours === true;
    const colourField = named && item.colourId !== undefined ? { colourId: item.colourId } : {};
    if (!product || product.defaultColourId === undefined)
      skipped.push({ productId: item.productId, size: item.size, ...colourField, reason: 'unknown-product' });
    else if (!colour)
      skipped.push({ productId: item.productId, size: item.size, ...colourField, reason: 'unknown-colour' });
    else if (size === undefined)
      skipped.push({ productId: item.productId, size: item.size, ...colourField, reason: 'unknown-size' });
    else if (stock <= 0) skipped.push({ productId: item.productId, size, ...colourField, reason: 'sold-out' });
    else accepted.push({ productId: product.id, colourId: colour.id, named, size, quantity: item.quantity, stock });
  }
  if (accepted.length > 0) {
    await db.transaction(async (tx) => {
      const existing = await tx
        .select({
          productId: cartItems.productId,
          colourId: cartItems.colourId,
          size: cartItems.size,
          quantity: cartItems.quantity,
        })
        .from(cartItems)
        .where(eq(cartItems.userId, userId))
        .for('update');
      const now = clock().getTime();
      for (const [index, item] of accepted.entries()) {
        const current =
          existing.find((e) => e.productId === item.productId && e.colourId === item.colourId && e.size === item.size)
            ?.quantity ?? 0;
        const cap = Math.min(item.stock, MAX_CART_LINE_QUANTITY);
        // Never lowers a line the user already has, even one now above the stock.
        const quantity = Math.max(current, Math.min(current + item.quantity, cap));
        if (quantity < current + item.quantity) {
          const colourField = item.named ? { colourId: item.colourId } : {};
          adjusted.push({ productId: item.productId, size: item.size, ...colourField, quantity });
        }
        if (quantity === current) continue;
        await tx
          .insert(cartItems)
          // A millisecond apart, so new lines keep the guest cart's order.
          .values({
            userId,
            productId: item.productId,
            colourId: item.colourId,
            size: item.size,
            quantity,
            addedAt: new Date(now + index),
          })
          .onConflictDoUpdate({
            target: [cartItems.userId, cartItems.productId, cartItems.colourId, cartItems.size],
            set: { quantity },
          });
      }
    });
  }
  return { skipped, adjusted };
}
