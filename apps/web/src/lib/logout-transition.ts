import { useSyncExternalStore } from 'react';

/** Whether the logout transition overlay shows (SPEC §4: at least 800 ms). */
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
