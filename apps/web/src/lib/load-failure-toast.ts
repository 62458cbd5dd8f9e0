import type { Query } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';
import { showToast } from './toast.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * docs/product.md#transport-errors (every failed action shows an error toast): the words a failed load of this query
       * shows in a toast, besides the page's inline error state. Queries without it stay silent.
       */
      errorToast?: string;
    };
  }
}

/**
 * The toast text for a failed load, or null when no toast is due: an ended session (401) has its
 * own message and redirect, and a missing item (404) is a page state, not a failure. Time-outs and
 * network failures keep their transport wording (docs/product.md#transport-errors); anything else gets the load's own words.
 */
export function loadFailureToastMessage(error: unknown, fallback: string): string | null {
  if (isApiError(error)) {
    if (error.status === 401 || error.status === 404) return null;
    if (error.status === 0 || error.status === 408) return error.message;
  }
  return fallback;
}

/**
 * QueryCache's onError runs once a fetch has failed for good (after its retries). The toast id is
 * the query's, so a query failing again while its toast shows replaces it rather than stacking.
 */
export function toastFailedLoad(error: unknown, query: Pick<Query, 'meta' | 'queryHash'>): void {
  const fallback = query.meta?.errorToast;
  if (!fallback) return;
  const message = loadFailureToastMessage(error, fallback);
  if (message) showToast(message, 'error', { id: `load-failed:${query.queryHash}` });
}
