import { CART_MESSAGES as M, effectivePrice } from '@shopper/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { cartCoupons, cartItems } from '../../../db/schema.ts';
import { couponDiscountCents } from '../coupon-rules.ts';
import type { CartDeps } from './cart-deps.ts';
import { type CartView, type PricedCart, type PricedLine, toWireCart } from './cart-view.ts';

/** Priced from the database; drops an applied coupon that no longer applies (docs/product.md#cart-api). */
export async function getPricedCart(
  { db, catalog, coupons }: Pick<CartDeps, 'db' | 'catalog' | 'coupons'>,
  userId: string,
  executor: Database = db,
): Promise<PricedCart> {
  const rows = await executor
    .select({
      productId: cartItems.productId,
      colourId: cartItems.colourId,
      size: cartItems.size,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId), asc(cartItems.colourId), asc(cartItems.size));
  const products = await catalog.getForCart(
    rows.map((r) => r.productId),
    executor,
  );
  const lines: PricedLine[] = [];
  for (const row of rows) {
    // A deleted product takes its lines with it (foreign key); this covers a read racing the delete.
    const product = products.get(row.productId);
    // A hidden colour leaves carts with its product's other colours still there (decision 043).
    const colour = product?.colours.get(row.colourId);
    if (!product || !colour) continue;
    lines.push({
      productId: row.productId,
      colourId: colour.id,
      colourName: colour.name,
      showColour: product.hasSeveralColours,
      swatch: colour.swatch,
      name: product.name,
      image: colour.image,
      size: row.size,
      quantity: row.quantity,
      unitPriceCents: effectivePrice(product.priceCents, product.salePriceCents),
      regularPriceCents: product.priceCents,
      salePriceCents: product.salePriceCents,
      stock: colour.stockBySize.get(row.size) ?? 0,
    });
  }
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const totalItems = lines.reduce((sum, l) => sum + l.quantity, 0);
  const priced: PricedCart = { lines, subtotalCents, discountCents: 0, coupon: null, totalItems };

  const [applied] = await executor
    .select({ code: cartCoupons.code })
    .from(cartCoupons)
    .where(eq(cartCoupons.userId, userId))
    .limit(1);
  if (!applied) return priced;
  const coupon = await coupons.find(applied.code, executor);
  const problem = coupon ? coupons.problemWith(coupon, subtotalCents) : M.couponInvalid;
  if (!coupon || problem) {
    await executor.delete(cartCoupons).where(and(eq(cartCoupons.userId, userId), eq(cartCoupons.code, applied.code)));
    return { ...priced, couponNotice: M.couponDropped(applied.code, problem ?? M.couponInvalid) };
  }
  return {
    ...priced,
    discountCents: couponDiscountCents(coupon, subtotalCents),
    coupon: { code: coupon.code, kind: coupon.kind, value: coupon.value, description: coupon.description },
  };
}

/** The cart as every cart route answers it, with a coupon notice and a message when there are. */
export async function getCart(
  deps: Pick<CartDeps, 'db' | 'catalog' | 'coupons'>,
  userId: string,
  message?: string,
): Promise<CartView> {
  const priced = await getPricedCart(deps, userId);
  return {
    cart: toWireCart(priced),
    ...(priced.couponNotice ? { couponNotice: priced.couponNotice } : {}),
    ...(message ? { message } : {}),
  };
}
