import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AdminOrderAnswerSchema, AdminOrdersPageSchema } from '@shopper/contract';
import { apiCall, type Query } from '../../../lib/api-client.ts';

export const ordersKey = ['admin', 'orders'] as const;

export function useOrderList(query: Query) {
  return useQuery({
    queryKey: [...ordersKey, 'list', query],
    queryFn: ({ signal }) => apiCall('/admin/orders', AdminOrdersPageSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: [...ordersKey, 'one', id],
    queryFn: ({ signal }) =>
      apiCall(`/admin/orders/${encodeURIComponent(id)}`, AdminOrderAnswerSchema, { signal }).then((a) => a.order),
  });
}
