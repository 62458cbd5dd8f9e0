import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminCustomerAnswerSchema, type CustomerStatusBody } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { customersKey } from './get-customers.ts';

/** Disable or re-enable with a reason; answers the customer and the server's sentence about it. */
export function useCustomerStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'disable' | 'enable'; body: CustomerStatusBody }) =>
      apiCall(`/admin/customers/${encodeURIComponent(id)}/${action}`, AdminCustomerAnswerSchema, {
        method: 'POST',
        body,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData([...customersKey, 'one', id], answer.customer);
      void queryClient.invalidateQueries({ queryKey: [...customersKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
