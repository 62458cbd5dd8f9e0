import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHECKOUT_MESSAGES } from '@shopper/contract/plain';
import type { Order } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { ordersQueryKeys } from './get-orders.ts';

/** An order id, or a payment intent id (pi_…) when the order could not be confirmed at checkout (docs/product.md#order-confirmation). */
export function isPaymentIntentId(id: string): boolean {
  return id.startsWith('pi_');
}

/**
 * GET /api/payment/order/{id}, or /api/payment/order-by-payment/{pi_…}. With `key`, the order's
 * signed access key (docs/product.md#guest-checkout), the order opens for anyone holding it.
 */
export function getOrder(id: string, signal?: AbortSignal, key?: string): Promise<Order> {
  // A key opens an order by its id; a payment's order is only ever the caller's own.
  const request = isPaymentIntentId(id)
    ? apiClient.get(`/payment/order-by-payment/${encodeURIComponent(id)}`, (s) => s.OrderAnswerSchema, { signal })
    : apiClient.get(`/payment/order/${encodeURIComponent(id)}`, (s) => s.OrderAnswerSchema, { signal, query: { key } });
  return request.then((answer) => answer.order);
}

export function orderQueryOptions(id: string, key?: string) {
  return queryOptions({
    queryKey: key ? ([...ordersQueryKeys.detail(id), { key }] as const) : ordersQueryKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal, key),
    meta: { errorToast: CHECKOUT_MESSAGES.fetchOrderFailed },
  });
}

export function useOrder(id: string, key?: string) {
  return useQuery(orderQueryOptions(id, key));
}

/** An order page's address, keeping the access key it was opened with. */
export function orderPagePath(id: string, key: string | undefined, page: '' | '/receipt' = ''): string {
  return `/order-confirmation/${encodeURIComponent(id)}${page}${key ? `?key=${encodeURIComponent(key)}` : ''}`;
}
