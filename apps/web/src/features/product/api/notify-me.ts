import { useMutation } from '@tanstack/react-query';
import type { BackInStockBody } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/back-in-stock: "Notify me when it's back" (docs/after-purchase.md#notify-me-when-its-back). */
export function useNotifyMe() {
  return useMutation({
    mutationFn: (body: BackInStockBody) => apiClient.post('/back-in-stock', body, (s) => s.BackInStockAnswerSchema),
  });
}
