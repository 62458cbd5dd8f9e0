import { useEffect, useSyncExternalStore } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ACCOUNT_UI_MESSAGES, USER_CACHE_MS } from '@shopper/contract/plain';
import type { User } from '@shopper/contract';
import { apiClient } from './api-client.ts';
import { isSignedIn, subscribeToSession } from './session.ts';

/**
 * The signed-in user (docs/product.md#session): one TanStack query every feature reads. It lives in
 * lib/ rather than features/auth because the header, the guards, the profile and the admin page
 * all read it, and features never import each other (docs/style.md#one-way-imports).
 */
export const currentUserQueryKey = ['auth', 'me'] as const;

export function getMe(signal?: AbortSignal): Promise<User> {
  return apiClient.get('/users/me', (s) => s.UserAnswerSchema, { signal }).then((answer) => answer.user);
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    // docs/product.md#session: cached user data expires after 30 minutes.
    staleTime: USER_CACHE_MS,
    gcTime: USER_CACHE_MS,
    retry: false,
    meta: { errorToast: ACCOUNT_UI_MESSAGES.fetchProfileFailed },
  });
}

/**
 * Stores the user a login, signup, profile update or admin toggle answered. A refetch already on
 * its way (the profile page's refresh on load) is cancelled first: its older answer would
 * otherwise land after this one and put the previous user back.
 */
export async function setCurrentUser(queryClient: QueryClient, user: User): Promise<void> {
  await queryClient.cancelQueries({ queryKey: currentUserQueryKey });
  queryClient.setQueryData(currentUserQueryKey, user);
}

/** docs/product.md#roles: verified means isEmailVerified, status active, or the emailVerified variant. */
export function isEmailVerified(user: Pick<User, 'isEmailVerified' | 'status' | 'emailVerified'>): boolean {
  return user.isEmailVerified || user.status === 'active' || user.emailVerified;
}

/** Re-renders when the stored token appears, changes or goes (login, refresh, logout). */
export function useHasSession(): boolean {
  return useSyncExternalStore(subscribeToSession, isSignedIn, () => false);
}

export interface CurrentUserState {
  user: User | null;
  /** A token is stored and the user is not loaded yet (docs/product.md#guards: loading state). */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Loading the user failed for a reason other than an ended session (network, server). */
  isError: boolean;
  /** When the user was last loaded (ms since epoch), 0 when never. */
  updatedAt: number;
  /** Loads the user again; rejects when that fails. */
  refetch: () => Promise<User | null>;
}

/** Start-up loads the user when a token is stored and the logged-out marker is not set (docs/product.md#session). */
export function useCurrentUser(): CurrentUserState {
  const hasSession = useHasSession();
  const query = useQuery({ ...currentUserQueryOptions(), enabled: hasSession });
  const user = hasSession ? (query.data ?? null) : null;
  return {
    user,
    isLoading: hasSession && query.isPending,
    isAuthenticated: user !== null,
    isError: hasSession && query.isError,
    updatedAt: query.dataUpdatedAt,
    refetch: async () => (await query.refetch({ throwOnError: true })).data ?? null,
  };
}

/**
 * Refetches the user when the copy is older than `maxAgeMs`: 5 s on the profile page, 30 s on
 * cart, checkout and order confirmation (docs/product.md#session).
 */
export function useRefreshUserWhenOlderThan(maxAgeMs: number): void {
  const { isAuthenticated, updatedAt, refetch } = useCurrentUser();
  useEffect(() => {
    if (!isAuthenticated) return;
    if (Date.now() - updatedAt < maxAgeMs) return;
    // A failure is toasted by the query cache (the query's errorToast), once.
    refetch().catch(() => undefined);
    // Once per visit of the page: a refetch must not trigger another one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isAuthenticated]);
}
