import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminReturnAnswerSchema, AdminReturnsPageSchema } from '@shopper/contract';
import { apiCall, type Query } from '../../../lib/api-client.ts';

export const returnsKey = ['admin', 'returns'] as const;

/** GET /api/admin/returns: one page, by status. */
export function useReturnList(query: Query) {
  return useQuery({
    queryKey: [...returnsKey, 'list', query],
    queryFn: ({ signal }) => apiCall('/admin/returns', AdminReturnsPageSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export type ReturnAction =
  | { kind: 'approve'; message: string }
  | { kind: 'refuse'; message: string }
  | { kind: 'receive' }
  | { kind: 'refund'; restock: boolean };

/** Approve, refuse, mark received or refund a return; the list, the orders and the stock follow. */
export function useReturnAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ReturnAction) => {
      const { kind, ...body } = action;
      return apiCall(`/admin/returns/${encodeURIComponent(id)}/${kind}`, AdminReturnAnswerSchema, {
        method: 'POST',
        body: kind === 'receive' ? undefined : body,
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: returnsKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'stock'] });
    },
  });
}
