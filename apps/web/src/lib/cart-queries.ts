import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { CART_MESSAGES, CHECKOUT_MESSAGES } from '@shopper/contract/plain';
import type { Cart, CartSummaryAnswer } from '@shopper/contract';
import { apiClient } from './api-client.ts';
import { cartQueryKeys } from './cart-keys.ts';
import { markGuestCart } from './guest-checkout.ts';
import { isSignedIn } from './session.ts';

/**
 * The server cart: the signed-in user's, or a guest's when the shop lets guests check out
 * (decision 072). It lives in lib/ because the header badge, the product page,
 * the cart page and the checkout all read or change it, and features never import each other.
 */
export { cartQueryKeys };

export function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiClient.get('/cart', (s) => s.CartAnswerSchema, { signal }).then((answer) => answer.cart);
}

export function cartQueryOptions() {
  return queryOptions({
    queryKey: cartQueryKeys.detail,
    queryFn: ({ signal }) => getCart(signal),
    staleTime: 0,
    meta: { errorToast: CART_MESSAGES.fetchCartFailed },
  });
}

/** Where checkout would ship the cart, and by which method; empty: the server's defaults. */
export type SummaryDestination = { country?: string; state?: string; shippingMethod?: string };

/**
 * GET /api/payment/cart-summary: subtotal, discount, tax, shipping and total, priced by the server
 * for a destination, with the methods offered there and the countries the shop ships to.
 */
export function getCartSummary(signal?: AbortSignal, destination: SummaryDestination = {}): Promise<CartSummaryAnswer> {
  const query = new URLSearchParams(
    Object.entries(destination).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return apiClient.get(`/payment/cart-summary${query ? `?${query}` : ''}`, (s) => s.CartSummaryAnswerSchema, {
    signal,
  });
}

export function cartSummaryQueryOptions(destination: SummaryDestination = {}) {
  return queryOptions({
    queryKey: [...cartQueryKeys.summary, destination],
    queryFn: ({ signal }) => getCartSummary(signal, destination),
    staleTime: 0,
    meta: { errorToast: CHECKOUT_MESSAGES.loadCartSummaryFailed },
  });
}

/**
 * Stores a cart the server answered: the page's copy, the header badge's count, and a summary
 * that must be priced again. Without a session the cart is a guest's (decision 072): the browser
 * remembers it has one, for the header's badge and the merge at sign-in.
 */
export function storeServerCart(queryClient: QueryClient, cart: Cart): void {
  if (!isSignedIn()) markGuestCart();
  queryClient.setQueryData(cartQueryKeys.detail, cart);
  queryClient.setQueryData(cartQueryKeys.count, cart.totalItems);
  void queryClient.invalidateQueries({ queryKey: cartQueryKeys.summary });
}

/**
 * After an order or a logout-like change: every cart query reads the server again, except that a
 * summary is only marked stale. Right after an order the checkout's summary may still be on screen
 * for a frame, and the summary of the cart just emptied is a refusal ('Your cart is empty.') that
 * would toast 'Failed to load cart summary' over the confirmation; a page that shows a summary
 * next reads it then.
 */
export async function invalidateCart(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: cartQueryKeys.summary, refetchType: 'none' }),
    queryClient.invalidateQueries({
      queryKey: cartQueryKeys.all,
      predicate: (query) => query.queryKey[1] !== cartQueryKeys.summary[1],
    }),
  ]);
}
