import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type BackInStockLinkAction = 'confirm' | 'unsubscribe';

/** POST /api/back-in-stock/confirm {token} or /api/back-in-stock/unsubscribe?token: both idempotent. */
export function followBackInStockLink(action: BackInStockLinkAction, token: string) {
  return action === 'confirm'
    ? apiClient.post('/back-in-stock/confirm', { token }, (s) => s.BackInStockAnswerSchema)
    : apiClient.post(
        `/back-in-stock/unsubscribe?token=${encodeURIComponent(token)}`,
        undefined,
        (s) => s.BackInStockAnswerSchema,
      );
}

/** The link in the mail is the whole action: the page sends it once as it opens (decision 069). */
export function useBackInStockLink(action: BackInStockLinkAction, token: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['back-in-stock', action, token ?? ''] as const,
      // No abort signal: a remount must not cancel and resend it.
      queryFn: () => followBackInStockLink(action, token ?? ''),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
      enabled: token !== null,
    }),
  );
}
