import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminOrderAnswerSchema, type RefundOrderBody, type ShipOrderBody } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { ordersKey } from './get-orders.ts';

export type OrderAction =
  | { kind: 'ship'; body: ShipOrderBody }
  | { kind: 'deliver' }
  | { kind: 'cancel' }
  | { kind: 'refund'; body: RefundOrderBody }
  | { kind: 'retry-refund'; refundId: string };

const pathOf = (action: OrderAction): string => {
  if (action.kind === 'refund') return 'refunds';
  if (action.kind === 'retry-refund') return `refunds/${encodeURIComponent(action.refundId)}/retry`;
  return action.kind;
};

/** Ship, deliver, cancel (refund and restock on the server), refund a return or retry a failed refund. */
export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => {
      const body = action.kind === 'ship' || action.kind === 'refund' ? action.body : undefined;
      return apiCall(`/admin/orders/${encodeURIComponent(id)}/${pathOf(action)}`, AdminOrderAnswerSchema, {
        method: 'POST',
        body,
      });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData([...ordersKey, 'one', id], answer.order);
      void queryClient.invalidateQueries({ queryKey: [...ordersKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'home'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'stock'] });
    },
  });
}
