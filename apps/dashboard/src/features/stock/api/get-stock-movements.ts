import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { StockMovementsPageSchema } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

/** GET /api/admin/stock/movements: one product's ledger, optionally of one colour and one size. */
export function useMovements(query: {
  productId: string;
  colourId?: string | undefined;
  size?: string | undefined;
  page: number;
}) {
  return useQuery({
    queryKey: ['admin', 'stock', 'movements', query],
    queryFn: ({ signal }) => apiCall('/admin/stock/movements', StockMovementsPageSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
