/** Local-storage session markers of SPEC §4 Session. Accounts arrive in a later issue. */
export const AUTH_TOKEN_KEY = 'shopper.authToken';
export const LOGGED_OUT_KEY = 'shopper.loggedOut';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can throw when the browser blocks it (private mode, sandboxed iframes).
    return null;
  }
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
