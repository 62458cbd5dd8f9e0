import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHECKOUT_MESSAGES } from '@shopper/contract/plain';
import type { Order } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { ordersQueryKeys } from './get-orders.ts';

/** An order id, or a payment intent id (pi_…) when the order could not be confirmed at checkout (docs/product.md#order-confirmation). */
export function isPaymentIntentId(id: string): boolean {
  return id.startsWith('pi_');
}

/** GET /api/payment/order/{id}, or /api/payment/order-by-payment/{pi_…}. */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  const path = isPaymentIntentId(id)
    ? `/payment/order-by-payment/${encodeURIComponent(id)}`
    : `/payment/order/${encodeURIComponent(id)}`;
  return apiClient.get(path, (s) => s.OrderAnswerSchema, { signal }).then((answer) => answer.order);
}

export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: ordersQueryKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    meta: { errorToast: CHECKOUT_MESSAGES.fetchOrderFailed },
  });
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
