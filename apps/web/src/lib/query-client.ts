import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';
import { toastFailedLoad } from './load-failure-toast.ts';

/** Client errors (4xx) will not change on retry; time-outs, network and 5xx get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: toastFailedLoad }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
