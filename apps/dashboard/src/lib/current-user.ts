import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserAnswerSchema } from '@shopper/contract';
import { apiCall } from './api-client.ts';
import { hasSession, subscribeToSession } from './session.ts';

export const currentUserKey = ['me'] as const;

export function currentUserQuery() {
  return queryOptions({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => apiCall('/users/me', UserAnswerSchema, { signal }).then((answer) => answer.user),
    staleTime: 60_000,
    retry: false,
  });
}

export function useHasSession(): boolean {
  return useSyncExternalStore(subscribeToSession, hasSession, () => false);
}

/** The signed-in user, when a session is stored; `isLoading` while it is being read. */
export function useCurrentUser() {
  const isSignedIn = useHasSession();
  const query = useQuery({ ...currentUserQuery(), enabled: isSignedIn });
  return {
    user: isSignedIn ? (query.data ?? null) : null,
    isLoading: isSignedIn && query.isPending,
    error: isSignedIn ? query.error : null,
  };
}
