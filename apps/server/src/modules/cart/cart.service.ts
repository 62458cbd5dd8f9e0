import type { AddToCartBody, CartSyncBody, RemoveFromCartBody, UpdateCartItemBody } from '@shopper/contract';
import type { Database } from '../../db/client.ts';
import type { CatalogService } from '../catalog/index.ts';
import { addToCart } from './cart-steps/add-to-cart.ts';
import { applyCoupon, removeCoupon } from './cart-steps/cart-coupon.ts';
import type { CartDeps } from './cart-steps/cart-deps.ts';
import { clearCart } from './cart-steps/clear-cart.ts';
import { getCart, getPricedCart } from './cart-steps/price-cart.ts';
import { removeFromCart } from './cart-steps/remove-from-cart.ts';
import { syncCart } from './cart-steps/sync-cart.ts';
import { updateCartLine } from './cart-steps/update-cart-line.ts';
import { createCouponsService, type CouponsService } from './coupons.service.ts';

import { type CartView, toWireCart } from './cart-steps/cart-view.ts';

export type { CartView, PricedCart, PricedLine } from './cart-steps/cart-view.ts';

export type CartService = ReturnType<typeof createCartService>;

/**
 * The signed-in customer's server-side cart (docs/product.md#cart and docs/product.md#cart-api). Lines hold only product,
 * colour, size and quantity; every price, total and stock figure is read from the catalog on each call
 * (docs/architecture.md#trust-boundaries), and every query is scoped to the user id it is given.
 * Each step lives in its own file under `cart-steps/`; this service only hands them their collaborators.
 */
export function createCartService({
  db,
  catalog,
  clock,
  coupons = createCouponsService({ db, clock }),
}: {
  db: Database;
  catalog: CatalogService;
  clock: () => Date;
  coupons?: CouponsService;
}) {
  const deps: CartDeps = { db, catalog, clock, coupons };
  return {
    getCart: (userId: string, message?: string) => getCart(deps, userId, message),
    getPricedCart: (userId: string, executor: Database = db) => getPricedCart(deps, userId, executor),
    clear: clearCart,
    add: (userId: string, input: AddToCartBody) => addToCart(deps, userId, input),
    update: (userId: string, input: UpdateCartItemBody) => updateCartLine(deps, userId, input),
    remove: (userId: string, input: RemoveFromCartBody) => removeFromCart(deps, userId, input),
    sync: (userId: string, input: CartSyncBody, guestId?: string) => syncCart(deps, userId, input, guestId),
    /** A guest's cart before its first line (decision 072): nothing is read or written. */
    emptyCart: (): CartView => ({
      cart: toWireCart({ lines: [], subtotalCents: 0, discountCents: 0, coupon: null, totalItems: 0 }),
    }),
    async clearCart(userId: string) {
      await clearCart(db, userId);
      return getCart(deps, userId);
    },
    applyCoupon: (userId: string, code: string) => applyCoupon(deps, userId, code),
    removeCoupon: (userId: string) => removeCoupon(deps, userId),
  };
}
