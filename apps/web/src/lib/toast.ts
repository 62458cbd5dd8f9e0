import { TOAST_DURATION_MS } from '@shopper/contract/plain';

export type ToastType = keyof typeof TOAST_DURATION_MS;

/**
 * One toast with the duration of its type (docs/product.md#constants). sonner is loaded on demand (it is not needed
 * for the first render); the Toaster in providers.tsx shares the same module instance. A toast
 * with an `id` replaces the one still showing under that id instead of stacking a copy.
 */
export function showToast(message: string, type: ToastType = 'info', options: { id?: string } = {}): void {
  void import('sonner').then(({ toast }) => {
    toast[type](message, { duration: TOAST_DURATION_MS[type], ...options });
  });
}
