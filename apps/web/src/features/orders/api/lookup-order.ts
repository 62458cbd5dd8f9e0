import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrderLookupAnswerSchema, type OrderLookupAnswer, type OrderLookupBody } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { orderQueryOptions } from './get-order.ts';

/**
 * POST /api/payment/order-lookup (docs/product.md#guest-checkout): a guest's order by the email
 * given at checkout and its number, with the key that opens its page.
 */
export function lookupOrder(body: OrderLookupBody): Promise<OrderLookupAnswer> {
  // Only this page reads the answer: its schema loads with the page rather than in the shared schemas chunk.
  return apiClient.post('/payment/order-lookup', body, () => OrderLookupAnswerSchema);
}

/** The order found is kept under its keyed page's query, so that page shows it at once. */
export function useLookupOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lookupOrder,
    onSuccess: ({ order, accessKey }) => {
      queryClient.setQueryData(orderQueryOptions(order._id, accessKey).queryKey, order);
    },
  });
}
