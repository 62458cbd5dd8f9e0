import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfigAnswer } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/payment/config: which card provider the browser talks to (test mode or Stripe). */
export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfigAnswer> {
  return apiClient.get('/payment/config', (s) => s.PaymentConfigAnswerSchema, { signal });
}

export function paymentConfigQueryOptions() {
  return queryOptions({
    queryKey: ['payment', 'config'] as const,
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
  });
}

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
