import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { StockMovementsPageSchema } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

export function useMovements(query: { productId: string; size?: string; page: number }) {
  return useQuery({
    queryKey: ['admin', 'stock', 'movements', query],
    queryFn: ({ signal }) => apiCall('/admin/stock/movements', StockMovementsPageSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
