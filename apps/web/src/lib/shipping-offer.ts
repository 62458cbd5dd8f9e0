import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client.ts';

/**
 * GET /api/shop/shipping: what the top band promises about shipping. Every server-rendered page
 * carries it in its state, so the browser starts with the same text the server wrote.
 */
export const shippingOfferQueryOptions = queryOptions({
  queryKey: ['shop', 'shipping-offer'] as const,
  queryFn: ({ signal }) =>
    apiClient.get('/shop/shipping', (s) => s.ShippingOfferAnswerSchema, { signal }).then((answer) => answer.offer),
  staleTime: 5 * 60_000,
});
