import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminOrderAnswerSchema,
  AdminOrdersPageSchema,
  type RefundOrderBody,
  type ShipOrderBody,
} from '@shopper/contract';
import { apiCall, type Query } from '../../../lib/api-client.ts';

const ordersKey = ['admin', 'orders'] as const;

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
