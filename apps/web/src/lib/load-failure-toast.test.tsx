import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { toast, Toaster } from 'sonner';
import { MESSAGES } from '@shopper/contract/plain';
import { ApiError } from './api-client.ts';
import { loadFailureToastMessage } from './load-failure-toast.ts';
import { createQueryClient } from './query-client.ts';

afterEach(() => vi.restoreAllMocks());

describe('loadFailureToastMessage', () => {
  it('uses the load’s own words (docs/product.md#fallback-texts) for a server failure', () => {
    expect(
      loadFailureToastMessage(new ApiError(500, 'An unexpected error occurred'), MESSAGES.loadProductsFailed),
    ).toBe(MESSAGES.loadProductsFailed);
    expect(loadFailureToastMessage(new TypeError('boom'), MESSAGES.loadProductsFailed)).toBe(
      MESSAGES.loadProductsFailed,
    );
  });

  it('keeps the transport words of docs/product.md#transport-errors for a time-out or a network failure', () => {
    const offline = 'Unable to connect to the server. Please check your internet connection.';
    expect(loadFailureToastMessage(new ApiError(0, offline), MESSAGES.loadProductsFailed)).toBe(offline);
    expect(loadFailureToastMessage(new ApiError(408, 'Request timed out.'), 'x')).toBe('Request timed out.');
  });

  it('stays silent for an ended session and for a missing item', () => {
    expect(loadFailureToastMessage(new ApiError(401, 'Your session has expired.'), 'x')).toBeNull();
    expect(loadFailureToastMessage(new ApiError(404, 'Product not found'), 'x')).toBeNull();
  });
});

function Listing({ load, meta }: { load: () => Promise<string>; meta?: { errorToast?: string } }) {
  const query = useQuery({ queryKey: ['listing'], queryFn: load, meta });
  if (query.isError) {
    return (
      <button type="button" onClick={() => void query.refetch()}>
        Try Again
      </button>
    );
  }
  return <p>{query.data ?? 'Loading'}</p>;
}

function renderListing(load: () => Promise<string>, meta?: { errorToast?: string }) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Listing load={load} meta={meta} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const toastsSaying = (text: string) =>
  screen.queryAllByText(text).filter((node) => node.closest('[data-sonner-toast]'));

describe('a failed load toasts once (docs/product.md#transport-errors: every failed action shows an error toast)', () => {
  it('shows one toast after the automatic retry, not one per attempt', async () => {
    const load = vi.fn(() => Promise.reject(new ApiError(503, 'Service unavailable')));
    renderListing(load, { errorToast: MESSAGES.loadProductsFailed });
    await screen.findByRole('button', { name: 'Try Again' });
    await waitFor(() => expect(toastsSaying(MESSAGES.loadProductsFailed)).toHaveLength(1));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('replaces its toast when the load fails again instead of stacking another', async () => {
    const load = vi.fn(() => Promise.reject(new ApiError(400, 'Bad')));
    renderListing(load, { errorToast: MESSAGES.loadProductsFailed });
    await userEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await screen.findByRole('button', { name: 'Try Again' });
    await waitFor(() => expect(toastsSaying(MESSAGES.loadProductsFailed)).toHaveLength(1));
  });

  it('says nothing for a query without errorToast', async () => {
    const load = vi.fn(() => Promise.reject(new ApiError(400, 'Bad')));
    const toastError = vi.spyOn(toast, 'error');
    renderListing(load);
    await screen.findByRole('button', { name: 'Try Again' });
    // showToast loads sonner first; once this import resolves, a toast asked for would have been made.
    await import('sonner');
    await Promise.resolve();
    expect(toastError).not.toHaveBeenCalled();
  });
});
