import { CART_MESSAGES as M, MAX_CART_LINE_QUANTITY } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { cartItems } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { CartColour, CartProduct, CatalogService } from '../../catalog/index.ts';

export const field = (param: string, msg: string) => [{ param, msg }];

export function unknownColour(): AppError {
  return new AppError('VALIDATION_FAILED', M.colourNotFound, field('colourId', M.colourNotFound));
}

/** The size as the catalog spells it ('m' finds 'M'), or undefined when the product has no such size. */
export function resolveSize(colour: CartColour, size: string): string | undefined {
  if (colour.stockBySize.has(size)) return size;
  const wanted = size.toLowerCase();
  return [...colour.stockBySize.keys()].find((candidate) => candidate.toLowerCase() === wanted);
}

/** The colour a request names, or the product's default one when it names none (decision 043). */
export function resolveColour(product: CartProduct, colourId: string | undefined): CartColour | undefined {
  const id = colourId ?? product.defaultColourId;
  return id === undefined ? undefined : product.colours.get(id);
}

/**
 * Why the wanted quantity does not fit, or null. A product in one colour keeps the size-only texts
 * word for word; one in several names the colour (docs/decisions/043-colours-and-catalog-import.md).
 */
export function stockProblem(
  product: CartProduct,
  colour: CartColour,
  size: string,
  stock: number,
  wanted: number,
  alreadyInCart = 0,
): string | null {
  const named = product.hasSeveralColours;
  if (stock <= 0) return named ? M.soldOutIn(colour.name, size) : M.soldOut(size);
  if (wanted > MAX_CART_LINE_QUANTITY) return M.lineLimit(MAX_CART_LINE_QUANTITY);
  if (wanted <= stock) return null;
  if (alreadyInCart > 0) {
    return named
      ? M.onlyLeftInWithCart(stock, colour.name, size, alreadyInCart)
      : M.onlyLeftWithCart(stock, size, alreadyInCart);
  }
  return named ? M.onlyLeftIn(stock, colour.name, size) : M.onlyLeft(stock, size);
}

/** The product, its colour (the default one when none is named) and its size, or the refusal. */
export async function requireVariant(
  catalog: CatalogService,
  productId: string,
  colourId: string | undefined,
  size: string,
) {
  const product = (await catalog.getForCart([productId])).get(productId);
  if (!product || product.defaultColourId === undefined) {
    throw new AppError('NOT_FOUND', M.productNotFound, field('productId', M.productNotFound));
  }
  const colour = resolveColour(product, colourId);
  if (!colour) throw unknownColour();
  const resolved = resolveSize(colour, size);
  if (resolved === undefined) {
    const message = M.sizeUnavailable(size);
    throw new AppError('VALIDATION_FAILED', message, field('size', message));
  }
  return { product, colour, size: resolved, stock: colour.stockBySize.get(resolved) ?? 0 };
}

/** The user's line of that product, colour and size; the size matched in any case. */
export async function findLine(executor: Database, userId: string, productId: string, colourId: string, size: string) {
  const lines = await executor
    .select({ size: cartItems.size, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), eq(cartItems.colourId, colourId)));
  return lines.find((l) => l.size === size) ?? lines.find((l) => l.size.toLowerCase() === size.toLowerCase());
}
