import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/users/verify-email/{token}; the answer says whether it was already verified. */
export function verifyEmail(token: string) {
  return apiClient.get(`/users/verify-email/${encodeURIComponent(token)}`, (s) => s.VerifyEmailAnswerSchema);
}

export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['verify-email', token] as const,
    // No abort signal: a link is used once, so a remount must not cancel and resend it.
    queryFn: () => verifyEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: token !== null });
}
