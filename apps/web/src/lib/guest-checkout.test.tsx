import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { errorBody, jsonResponse, stubApi } from '../test/account-fixtures.ts';
import { paymentConfigAnswer, recordedRequests } from '../test/shop-fixtures.ts';
import {
  clearGuestCart,
  fetchIsGuestCheckoutOn,
  hasGuestCart,
  markGuestCart,
  useGuestCheckout,
  useHasGuestCart,
} from './guest-checkout.ts';
import { createQueryClient } from './query-client.ts';
import { AUTH_TOKEN_KEY } from './session.ts';

afterEach(() => vi.unstubAllGlobals());

function renderWithClient<T>(hook: () => T) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper });
}

const configAsks = (fetchFake: Parameters<typeof recordedRequests>[0]) =>
  recordedRequests(fetchFake).filter((request) => request.url.pathname === '/api/payment/config');

describe('useGuestCheckout', () => {
  it('says on once the shop’s config allows guests', async () => {
    stubApi({
      'GET /api/payment/config': () => jsonResponse(200, paymentConfigAnswer('test', { guestCheckout: true })),
    });
    const { result } = renderWithClient(useGuestCheckout);
    expect(result.current).toEqual({ isOn: false, isKnown: false });
    await waitFor(() => expect(result.current).toEqual({ isOn: true, isKnown: true }));
  });

  it('says off, and known, when the config cannot be read', async () => {
    stubApi({ 'GET /api/payment/config': () => jsonResponse(400, errorBody('VALIDATION_FAILED', 'Broken')) });
    const { result } = renderWithClient(useGuestCheckout);
    await waitFor(() => expect(result.current).toEqual({ isOn: false, isKnown: true }));
  });

  it('asks nothing for a visitor with a session', () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    const fetchFake = stubApi({});
    const { result } = renderWithClient(useGuestCheckout);
    expect(result.current).toEqual({ isOn: false, isKnown: false });
    expect(fetchFake).not.toHaveBeenCalled();
  });
});

describe('fetchIsGuestCheckoutOn', () => {
  it('reads the config once, then answers from the cache', async () => {
    const fetchFake = stubApi({
      'GET /api/payment/config': () => jsonResponse(200, paymentConfigAnswer('test', { guestCheckout: true })),
    });
    const queryClient = createQueryClient();
    expect(await fetchIsGuestCheckoutOn(queryClient)).toBe(true);
    expect(await fetchIsGuestCheckoutOn(queryClient)).toBe(true);
    expect(configAsks(fetchFake)).toHaveLength(1);
  });

  it('answers false when the config cannot be read', async () => {
    stubApi({});
    expect(await fetchIsGuestCheckoutOn(createQueryClient())).toBe(false);
  });
});

describe('useHasGuestCart', () => {
  it('asks nothing without the guest-cart marker, and follows the marker as it is set and cleared', async () => {
    const fetchFake = stubApi({
      'GET /api/payment/config': () => jsonResponse(200, paymentConfigAnswer('test', { guestCheckout: true })),
    });
    const { result } = renderWithClient(useHasGuestCart);
    expect(result.current).toBe(false);
    expect(fetchFake).not.toHaveBeenCalled();

    markGuestCart();
    expect(hasGuestCart()).toBe(true);
    await waitFor(() => expect(result.current).toBe(true));
    clearGuestCart();
    await waitFor(() => expect(result.current).toBe(false));
    expect(configAsks(fetchFake)).toHaveLength(1);
  });
});
