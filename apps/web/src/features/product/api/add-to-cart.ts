import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCartBody, Cart } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateCart, storeServerCart } from '../../../lib/cart-queries.ts';

export type AddToCartInput = AddToCartBody;

/** POST /api/cart/add (docs/product.md#cart-api): answers the server cart, priced from the database. */
export function addToCart(input: AddToCartInput): Promise<Cart> {
  return apiClient.post('/cart/add', input, (s) => s.CartAnswerSchema).then((answer) => answer.cart);
}

/** The header badge and the cart page follow the server cart after every add. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (cart) => storeServerCart(queryClient, cart),
    onError: () => invalidateCart(queryClient),
  });
}
