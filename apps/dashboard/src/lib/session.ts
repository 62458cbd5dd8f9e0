import { AUTH_TOKEN_STORAGE_KEY, LOGGED_OUT_STORAGE_KEY } from '@shopper/contract';

/**
 * The back office signs in with the storefront's session (same /api/users endpoints, same keys):
 * on the shop's own origin one sign-in serves both; on a separate ADMIN_URL host the browser
 * keeps a separate one (decision 020).
 */
type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getAuthToken(): string | null {
  const store = storage();
  if (!store || store.getItem(LOGGED_OUT_STORAGE_KEY) === 'true') return null;
  return store.getItem(AUTH_TOKEN_STORAGE_KEY) || null;
}

export function hasSession(): boolean {
  return getAuthToken() !== null;
}

export function startSession(token: string): void {
  const store = storage();
  store?.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  store?.removeItem(LOGGED_OUT_STORAGE_KEY);
  notify();
}

export function endSession(): void {
  const store = storage();
  store?.removeItem(AUTH_TOKEN_STORAGE_KEY);
  store?.setItem(LOGGED_OUT_STORAGE_KEY, 'true');
  notify();
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab (the storefront) signing in or out changes the same keys.
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_TOKEN_STORAGE_KEY || event.key === LOGGED_OUT_STORAGE_KEY) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
