import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/dev/mailbox: mail the server kept instead of sending (outside production), newest first. */
export function getMailbox(signal?: AbortSignal) {
  return apiClient.get('/dev/mailbox', (s) => s.MailboxAnswerSchema, { signal }).then((answer) => answer.messages);
}

export function mailboxQueryOptions() {
  return queryOptions({
    queryKey: ['dev-mailbox'] as const,
    queryFn: ({ signal }) => getMailbox(signal),
    staleTime: 0,
    retry: false,
  });
}

export function useMailbox() {
  return useQuery(mailboxQueryOptions());
}
