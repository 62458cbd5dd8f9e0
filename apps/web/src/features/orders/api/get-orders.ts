import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CHECKOUT_MESSAGES } from '@shopper/contract/plain';
import type { OrdersPageAnswer, OrdersQuery } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';

export const ordersQueryKeys = {
  all: ['orders'] as const,
  list: (query: OrdersQuery) => ['orders', 'list', query] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

/** GET /api/payment/my-orders?status&from&to&sort&page&limit (docs/product.md#payment-api). */
export function getOrders(query: OrdersQuery, signal?: AbortSignal): Promise<OrdersPageAnswer> {
  return apiClient.get('/payment/my-orders', (s) => s.OrdersPageAnswerSchema, {
    signal,
    query: {
      status: query.status,
      from: query.from,
      to: query.to,
      sort: query.sort,
      page: query.page,
      limit: query.limit,
    },
  });
}

export function ordersQueryOptions(query: OrdersQuery) {
  return queryOptions({
    queryKey: ordersQueryKeys.list(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    meta: { errorToast: CHECKOUT_MESSAGES.fetchOrdersFailed },
    placeholderData: keepPreviousData,
  });
}

export function useOrders(query: OrdersQuery) {
  return useQuery(ordersQueryOptions(query));
}
