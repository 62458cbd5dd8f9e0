import { useSyncExternalStore } from 'react';

/** Whether the logout transition overlay shows (docs/product.md#session: at least 800 ms). */
let isActive = false;
const listeners = new Set<() => void>();

export function setLogoutTransition(active: boolean): void {
  isActive = active;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLogoutTransition(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isActive,
    () => false,
  );
}

/** The location state of the logout's way to /: the page it arrives on ends the transition. */
export const AFTER_LOGOUT = { afterLogout: true } as const;

export function isAfterLogout(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { afterLogout?: unknown }).afterLogout === true;
}
