import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ordersQueryKeys } from './get-orders.ts';

/** POST /api/payment/order/{id}/cancel (docs/after-purchase.md#cancelling-an-order). */
export function cancelOrder(id: string) {
  return apiClient.post(`/payment/order/${encodeURIComponent(id)}/cancel`, {}, (s) => s.CancelOrderAnswerSchema);
}

export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(id),
    onSuccess: async (answer) => {
      queryClient.setQueryData(ordersQueryKeys.detail(id), answer.order);
      await queryClient.invalidateQueries({ queryKey: ordersQueryKeys.all });
    },
  });
}
