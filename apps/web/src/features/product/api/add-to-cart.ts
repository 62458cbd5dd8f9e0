import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface AddToCartInput {
  productId: string;
  quantity: number;
  size: string;
}

/** POST /api/cart/add (SPEC §7 Cart). The cart's answer schema arrives with the cart issue. */
export function addToCart(input: AddToCartInput) {
  return apiRequest('/cart/add', { method: 'POST', body: input });
}

export function useAddToCart() {
  return useMutation({ mutationFn: addToCart });
}
