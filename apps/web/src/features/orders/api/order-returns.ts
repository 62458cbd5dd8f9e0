import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnRequestBody } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { ordersQueryKeys } from './get-orders.ts';

const returnsKey = (orderId: string) => [...ordersQueryKeys.detail(orderId), 'returns'] as const;

/** GET /api/payment/order/{id}/returns (docs/after-purchase.md#returns). */
export function useOrderReturns(orderId: string, isEnabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: returnsKey(orderId),
      queryFn: ({ signal }) =>
        apiClient.get(`/payment/order/${encodeURIComponent(orderId)}/returns`, (s) => s.OrderReturnsAnswerSchema, {
          signal,
        }),
    }),
    enabled: isEnabled,
  });
}

/** POST /api/payment/order/{id}/returns. */
export function useRequestReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnRequestBody) =>
      apiClient.post(`/payment/order/${encodeURIComponent(orderId)}/returns`, body, (s) => s.ReturnAnswerSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsKey(orderId) }),
  });
}
