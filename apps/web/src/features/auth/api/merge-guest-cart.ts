import type { QueryClient } from '@tanstack/react-query';
import type { CartSyncAnswer } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { storeServerCart } from '../../../lib/cart-queries.ts';
import { clearGuestCart, hasGuestCart } from '../../../lib/guest-checkout.ts';

/** POST /api/cart/sync with no lines of its own: the server merges the cookie's guest cart (decision 072). */
export function syncGuestCart(): Promise<CartSyncAnswer> {
  return apiClient.post('/cart/sync', { items: [] }, (s) => s.CartSyncAnswerSchema);
}

/**
 * Right after a login or signup (the call needs the new token): a guest cart this browser filled
 * joins the account's. A failure never fails the sign-in: the marker stays, so the next one retries.
 */
export async function mergeGuestCart(queryClient: QueryClient): Promise<void> {
  if (!hasGuestCart()) return;
  try {
    storeServerCart(queryClient, (await syncGuestCart()).cart);
    clearGuestCart();
  } catch {
    // The guest's lines stay in the guest cart (the server merges all or nothing).
  }
}
