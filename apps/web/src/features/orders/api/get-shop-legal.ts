import { queryOptions } from '@tanstack/react-query';
import type { ShopLegal } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/shop/legal: the seller's legal name, address and tax number every receipt prints. */
export function shopLegalQueryOptions() {
  return queryOptions({
    queryKey: ['shop', 'legal'] as const,
    queryFn: ({ signal }): Promise<ShopLegal> =>
      apiClient.get('/shop/legal', (s) => s.ShopLegalAnswerSchema, { signal }).then((answer) => answer.legal),
    staleTime: 5 * 60_000,
  });
}
