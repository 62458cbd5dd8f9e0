import { AUTH_TOKEN_STORAGE_KEY, LOGGED_OUT_STORAGE_KEY } from '@shopper/contract/plain';

/** Local-storage session markers of docs/product.md#session (key names from the contract). */
export const AUTH_TOKEN_KEY = AUTH_TOKEN_STORAGE_KEY;
export const LOGGED_OUT_KEY = LOGGED_OUT_STORAGE_KEY;

type Listener = () => void;
let hasExpired = false;
const changeListeners = new Set<Listener>();
const expiryListeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can throw when the browser blocks it (private mode, sandboxed iframes).
    return null;
  }
}

function notifyChange(): void {
  for (const listener of changeListeners) listener();
}

/** The stored access token, unless the logged-out marker is set. */
export function getAuthToken(): string | null {
  const store = storage();
  if (!store) return null;
  if (store.getItem(LOGGED_OUT_KEY) === 'true') return null;
  const token = store.getItem(AUTH_TOKEN_KEY);
  return token && token.length > 0 ? token : null;
}

export function isSignedIn(): boolean {
  return getAuthToken() !== null;
}

/** True after a logout or an expired session, until the next login (docs/product.md#session: calls are blocked). */
export function isLoggedOut(): boolean {
  return storage()?.getItem(LOGGED_OUT_KEY) === 'true';
}

/** Login and signup store the access token and clear the logged-out marker (docs/product.md#session). */
export function startSession(token: string): void {
  hasExpired = false;
  const store = storage();
  store?.setItem(AUTH_TOKEN_KEY, token);
  store?.removeItem(LOGGED_OUT_KEY);
  notifyChange();
}

/** A refreshed access token replaces the old one; the session itself goes on. */
export function replaceAuthToken(token: string): void {
  storage()?.setItem(AUTH_TOKEN_KEY, token);
  notifyChange();
}

/** Logout and session expiry clear the token and set the marker (docs/product.md#session). */
export function endSession(): void {
  const store = storage();
  store?.removeItem(AUTH_TOKEN_KEY);
  store?.setItem(LOGGED_OUT_KEY, 'true');
  notifyChange();
}

/** For useSyncExternalStore: fires when the token is stored, replaced or cleared. */
export function subscribeToSession(listener: Listener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** The api client reports a refresh that failed; the app sends the user to /login. */
export function onSessionExpired(listener: Listener): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

export function emitSessionExpired(): void {
  hasExpired = true;
  for (const listener of expiryListeners) listener();
}

/** True once a refresh failed, until the next login: the login page then says why it is shown. */
export function didSessionExpire(): boolean {
  return hasExpired;
}
