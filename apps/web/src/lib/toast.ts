import { TOAST_DURATION_MS } from '@shopper/contract';

export type ToastType = keyof typeof TOAST_DURATION_MS;

/**
 * One toast with the SPEC §9 duration of its type. sonner is loaded on demand (it is not needed
 * for the first render); the Toaster in providers.tsx shares the same module instance.
 */
export function showToast(message: string, type: ToastType = 'info'): void {
  void import('sonner').then(({ toast }) => {
    toast[type](message, { duration: TOAST_DURATION_MS[type] });
  });
}
