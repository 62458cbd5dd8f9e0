import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PaymentConfigAnswer } from '@shopper/contract';
import { useIsHydrated } from '../hooks/use-is-hydrated.ts';
import { apiClient, setGuestCheckoutOn } from './api-client.ts';
import { useHasSession } from './current-user.ts';

/**
 * Guest checkout (docs/product.md#cart-api, decision 072): the owner's setting that lets a visitor
 * without an account fill a cart and pay. Off, or unknown, the shop asks for a login as it always
 * did. It lives in lib/ because the product page, the cart, the header and the checkout all ask.
 */
export const shopPaymentConfigQueryKey = ['shop', 'payment-config'] as const;

/** GET /api/payment/config (public). Its answer also tells the api client whether guests may reach the cart. */
export async function getShopPaymentConfig(signal?: AbortSignal): Promise<PaymentConfigAnswer> {
  const config = await apiClient.get('/payment/config', (s) => s.PaymentConfigAnswerSchema, { signal });
  setGuestCheckoutOn(config.guestCheckout);
  return config;
}

export function shopPaymentConfigQueryOptions() {
  return queryOptions({
    queryKey: shopPaymentConfigQueryKey,
    queryFn: ({ signal }) => getShopPaymentConfig(signal),
    // A failure is no toast: the shop then behaves as with the setting off.
  });
}

/** For click handlers: true only when the config says guests may shop (a failed read is false). */
export async function fetchIsGuestCheckoutOn(queryClient: QueryClient): Promise<boolean> {
  try {
    return (await queryClient.fetchQuery(shopPaymentConfigQueryOptions())).guestCheckout;
  } catch {
    return false;
  }
}

export interface GuestCheckoutState {
  /** The shop lets this visitor (who has no session) shop as a guest. */
  isOn: boolean;
  /** The config has answered, or failed (then isOn is false). Always false for a visitor with a session. */
  isKnown: boolean;
}

function useGuestCheckoutQuery(isWanted: boolean): GuestCheckoutState {
  const hasSession = useHasSession();
  // False on the server and while hydrating: the page first shows what guests saw without the setting.
  const isHydrated = useIsHydrated();
  const isAsked = isWanted && !hasSession;
  const query = useQuery({ ...shopPaymentConfigQueryOptions(), enabled: isAsked });
  if (!isAsked || !isHydrated) return { isOn: false, isKnown: false };
  return { isOn: query.data?.guestCheckout === true, isKnown: query.isSuccess || query.isError };
}

/** Whether a visitor without a session may shop as a guest; fetched only for such visitors. */
export function useGuestCheckout(): GuestCheckoutState {
  return useGuestCheckoutQuery(true);
}

/**
 * The guest cart's marker. The cart's cookie is HttpOnly, so the browser remembers on its own that
 * a guest cart exists: only then does the header ask the server for its count, and a sign-in
 * merge it. Visitors without it cost no request (the home page's performance budget).
 */
const GUEST_CART_KEY = 'shopper.guestCart';
const markerListeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can throw when the browser blocks it (private mode, sandboxed iframes).
    return null;
  }
}

function setMarker(hasCart: boolean): void {
  const store = storage();
  if (!store || (store.getItem(GUEST_CART_KEY) === '1') === hasCart) return;
  if (hasCart) store.setItem(GUEST_CART_KEY, '1');
  else store.removeItem(GUEST_CART_KEY);
  for (const listener of markerListeners) listener();
}

export function hasGuestCart(): boolean {
  return storage()?.getItem(GUEST_CART_KEY) === '1';
}

/** A change to a guest's cart succeeded: the server now keeps a cart for this browser. */
export function markGuestCart(): void {
  setMarker(true);
}

/** The guest cart was merged into an account's: there is none left to count or merge. */
export function clearGuestCart(): void {
  setMarker(false);
}

function subscribeToMarker(listener: () => void): () => void {
  markerListeners.add(listener);
  return () => markerListeners.delete(listener);
}

/** True when a visitor without a session holds a guest cart and the shop still lets guests shop. */
export function useHasGuestCart(): boolean {
  const hasMarker = useSyncExternalStore(subscribeToMarker, hasGuestCart, () => false);
  return useGuestCheckoutQuery(hasMarker).isOn;
}
