import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type NewsletterLinkAction = 'confirm' | 'unsubscribe';

/** POST /api/newsletter/confirm {token} or /api/newsletter/unsubscribe?token: both idempotent. */
export function followNewsletterLink(action: NewsletterLinkAction, token: string) {
  return action === 'confirm'
    ? apiClient.post('/newsletter/confirm', { token }, (s) => s.NewsletterAnswerSchema)
    : apiClient.post(
        `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
        undefined,
        (s) => s.NewsletterAnswerSchema,
      );
}

/** One click in the mail is the whole action: the page sends it once as it opens (decision 017). */
export function newsletterLinkQueryOptions(action: NewsletterLinkAction, token: string) {
  return queryOptions({
    queryKey: ['newsletter', action, token] as const,
    // No abort signal: a remount must not cancel and resend it.
    queryFn: () => followNewsletterLink(action, token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export function useNewsletterLink(action: NewsletterLinkAction, token: string | null) {
  return useQuery({ ...newsletterLinkQueryOptions(action, token ?? ''), enabled: token !== null });
}
