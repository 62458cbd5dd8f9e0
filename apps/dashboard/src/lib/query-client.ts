import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/** A 4xx will not change on retry; time-outs, network failures and 5xx get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Staff act on what they see: keep lists fresh rather than cached for long.
      queries: { staleTime: 10_000, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
