import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import type { Cart, CartAnswer } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { cartQueryKeys, storeServerCart } from '../../../lib/cart-queries.ts';
import { messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';

/** Every cart change shares this key, so the page can tell when one is in flight. */
const cartChangeKey = ['cart', 'change'] as const;

/** A line is one product in one colour and one size (decision 043): two colours of a size are two lines. */
export interface CartLineRef {
  productId: string;
  colourId: string;
  size: string;
}

export type CartChange = ({ kind: 'update'; quantity: number } & CartLineRef) | ({ kind: 'remove' } & CartLineRef);

/** POST /api/cart/update sets the quantity; POST /api/cart/remove with removeAll drops the line. */
export function changeCart(change: CartChange): Promise<CartAnswer> {
  const { productId, colourId, size } = change;
  if (change.kind === 'update') {
    return apiClient.post(
      '/cart/update',
      { productId, colourId, size, quantity: change.quantity },
      (s) => s.CartAnswerSchema,
    );
  }
  return apiClient.post('/cart/remove', { productId, colourId, size, removeAll: true }, (s) => s.CartAnswerSchema);
}

/** The key of a line: product, colour and size. */
export function cartLineKey(ref: CartLineRef): string {
  return `${ref.productId}:${ref.colourId}:${ref.size}`;
}

const isLine = (ref: CartLineRef) => (item: CartLineRef) => cartLineKey(item) === cartLineKey(ref);

/**
 * The cart as it will look once the server agrees (docs/product.md#cart: changes apply optimistically).
 * Only lines and counts move; the server's answer, priced from the database, replaces it.
 */
export function applyChange(cart: Cart, change: CartChange): Cart {
  const items =
    change.kind === 'remove'
      ? cart.items.filter((item) => !isLine(change)(item))
      : cart.items.map((item) => (isLine(change)(item) ? { ...item, quantity: change.quantity } : item));
  const subtotal = Math.round(items.reduce((sum, item) => sum + item.price * item.quantity, 0) * 100) / 100;
  return {
    ...cart,
    items,
    totalItems: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal,
    totalPrice: Math.max(0, Math.round((subtotal - cart.discount) * 100) / 100),
  };
}

function reportNotice(answer: CartAnswer) {
  if (answer.couponNotice) showToast(answer.couponNotice, 'warning');
}

/** One line's quantity change or removal: optimistic, replaced by the server cart, rolled back on failure. */
export function useChangeCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartChangeKey,
    mutationFn: changeCart,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: cartQueryKeys.detail });
      const previous = queryClient.getQueryData<Cart>(cartQueryKeys.detail);
      const previousCount = queryClient.getQueryData<number | null>(cartQueryKeys.count);
      if (previous) {
        const next = applyChange(previous, change);
        queryClient.setQueryData(cartQueryKeys.detail, next);
        queryClient.setQueryData(cartQueryKeys.count, next.totalItems);
      }
      return { previous, previousCount };
    },
    onSuccess: (answer) => {
      storeServerCart(queryClient, answer.cart);
      reportNotice(answer);
    },
    onError: (error, change, context) => {
      // docs/product.md#cart: on failure the current cart is kept.
      if (context?.previous) queryClient.setQueryData(cartQueryKeys.detail, context.previous);
      if (context?.previousCount !== undefined) queryClient.setQueryData(cartQueryKeys.count, context.previousCount);
      const fallback = change.kind === 'remove' ? UI.removeItemFailed : UI.updateCartFailed;
      showToast(messageOf(error, fallback), 'error');
    },
  });
}

/** True while any cart change is in flight: the quantity controls wait for it (docs/product.md#cart). */
export function useIsCartChanging(): boolean {
  return useIsMutating({ mutationKey: cartChangeKey }) > 0;
}

/** POST /api/cart/coupon {code}; the server says why a code does not apply. */
export function useApplyCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartChangeKey,
    mutationFn: (code: string) => apiClient.post('/cart/coupon', { code }, (s) => s.CartAnswerSchema),
    onSuccess: (answer) => storeServerCart(queryClient, answer.cart),
  });
}

/** DELETE /api/cart/coupon. */
export function useRemoveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartChangeKey,
    mutationFn: () => apiClient.delete('/cart/coupon', (s) => s.CartAnswerSchema),
    onSuccess: (answer) => storeServerCart(queryClient, answer.cart),
    onError: (error) => showToast(messageOf(error, UI.couponRemoveFailed), 'error'),
  });
}
