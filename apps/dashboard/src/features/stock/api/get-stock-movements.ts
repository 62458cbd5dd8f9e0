import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  StockAdjustmentAnswerSchema,
  StockMovementsPageSchema,
  type StockAdjustmentBody,
} from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

export function useMovements(query: { productId: string; size?: string; page: number }) {
  return useQuery({
    queryKey: ['admin', 'stock', 'movements', query],
    queryFn: ({ signal }) => apiCall('/admin/stock/movements', StockMovementsPageSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

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
