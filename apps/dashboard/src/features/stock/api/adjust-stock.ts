import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StockAdjustmentAnswerSchema, type StockAdjustmentBody } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

/** One manual change; the product (its sizes' stock), the ledger and Home's low stock follow. */
export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockAdjustmentBody) =>
      apiCall('/admin/stock/adjustments', StockAdjustmentAnswerSchema, { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'stock'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'home'] });
    },
  });
}
