import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  ErrorBodySchema,
  MESSAGES,
  ProductCollectionSchema,
  TokenAnswerSchema,
} from '@shopper/contract';
import { ApiError, apiClient, apiRequest, setGuestCheckoutOn } from './api-client.ts';
import { AUTH_TOKEN_KEY, LOGGED_OUT_KEY, onSessionExpired } from './session.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(implementation: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fake = vi.fn(implementation);
  vi.stubGlobal('fetch', fake);
  return fake;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('prefixes /api, sends credentials and the auth-token header when a token is stored', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'abc');
    const fetchFake = stubFetch(async () => jsonResponse(200, { success: true, products: [] }));
    await apiRequest('/products/featured-women', { query: { category: 'men', empty: undefined } });
    const [url, init] = fetchFake.mock.calls[0]!;
    expect(url).toBe('/api/products/featured-women?category=men');
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string>)['auth-token']).toBe('abc');
  });

  it('sends no auth-token header without a token', async () => {
    const fetchFake = stubFetch(async () => jsonResponse(200, {}));
    await apiRequest('/products/featured-women');
    expect((fetchFake.mock.calls[0]![1]?.headers as Record<string, string>)['auth-token']).toBeUndefined();
  });

  it("uses the server's message, code and field errors for an error body", async () => {
    const body = ErrorBodySchema.parse({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Please correct the errors in the form.',
      errors: [{ param: 'minPrice', msg: 'Too small' }],
    });
    stubFetch(async () => jsonResponse(400, body));
    const error = await failure(apiRequest('/products/all-products'));
    expect(error).toMatchObject({ status: 400, message: body.message, code: 'VALIDATION_FAILED', errors: body.errors });
  });

  it("answers 'An unexpected error occurred' when the error body has no message", async () => {
    stubFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(apiRequest('/products/all-products'));
    expect(error).toMatchObject({ status: 502, message: MESSAGES.unexpected });
  });

  it('maps a network failure to status 0', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(apiRequest('/products/all-products'));
    expect(error).toMatchObject({ status: 0, message: MESSAGES.network });
  });

  it('maps a time-out to status 408', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = failure(apiRequest('/products/all-products'));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await pending).toMatchObject({ status: 408, message: MESSAGES.timeout });
  });

  it('lets a caller cancellation through instead of reporting a network error', async () => {
    stubFetch(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = apiRequest('/products/all-products', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('apiClient.get', () => {
  it('returns the answer parsed by the contract schema', async () => {
    const answer = ProductCollectionSchema.parse({ success: true, products: [] });
    stubFetch(async () => jsonResponse(200, answer));
    await expect(apiClient.get('/products/newcollection', (s) => s.ProductCollectionSchema)).resolves.toEqual(answer);
  });

  it("rejects an answer of the wrong shape with 'Invalid data format from server'", async () => {
    stubFetch(async () => jsonResponse(200, { success: true, items: 'nope' }));
    const error = await failure(apiClient.get('/products/newcollection', (s) => s.ProductCollectionSchema));
    expect(error.message).toBe(MESSAGES.invalidDataFormat);
  });
});

describe('session refresh (docs/product.md#session)', () => {
  function headerOf(call: unknown[] | undefined): string | undefined {
    return ((call?.[1] as RequestInit | undefined)?.headers as Record<string, string> | undefined)?.['auth-token'];
  }

  it('refreshes once for two concurrent 401s and retries both with the new token', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'old');
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const fetchFake = stubFetch(async (input, init) => {
      const url = input as string;
      const token = (init?.headers as Record<string, string>)['auth-token'];
      if (url.endsWith('/api/users/refresh-token')) {
        await refreshGate;
        return jsonResponse(200, TokenAnswerSchema.parse({ success: true, accessToken: 'new' }));
      }
      if (token !== 'new') return jsonResponse(401, { success: false, code: 'UNAUTHENTICATED', message: 'Expired' });
      return jsonResponse(200, { success: true, url });
    });

    const first = apiRequest('/users/me');
    const second = apiRequest('/cart');
    await vi.waitFor(() =>
      expect(fetchFake.mock.calls.filter(([url]) => (url as string).includes('refresh')).length).toBe(1),
    );
    releaseRefresh();
    await expect(first).resolves.toMatchObject({ url: '/api/users/me' });
    await expect(second).resolves.toMatchObject({ url: '/api/cart' });

    const refreshCalls = fetchFake.mock.calls.filter(([url]) => (url as string).endsWith('/api/users/refresh-token'));
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]![1]?.credentials).toBe('include');
    expect(refreshCalls[0]![1]?.method).toBe('POST');
    const retries = fetchFake.mock.calls.filter((call) => headerOf(call) === 'new');
    expect(retries.map(([url]) => url).sort()).toEqual(['/api/cart', '/api/users/me']);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('new');
  });

  it('clears the token, sets the marker and reports the expiry when the refresh fails', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'old');
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    stubFetch(async () => jsonResponse(401, { success: false, code: 'UNAUTHENTICATED', message: 'Nope' }));
    const [a, b] = await Promise.all([failure(apiRequest('/users/me')), failure(apiRequest('/cart'))]);
    stop();
    expect(a).toMatchObject({ status: 401, message: ACCOUNT_MESSAGES.sessionExpired });
    expect(b).toMatchObject({ status: 401, message: ACCOUNT_MESSAGES.sessionExpired });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LOGGED_OUT_KEY)).toBe('true');
  });

  it('never refreshes for login, signup, refresh or logout calls, nor without a token', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'old');
    const fetchFake = stubFetch(async () =>
      jsonResponse(401, { success: false, code: 'UNAUTHENTICATED', message: 'Bad' }),
    );
    await failure(apiRequest('/users/login', { method: 'POST', body: {} }));
    await failure(apiRequest('/users/logout', { method: 'POST' }));
    localStorage.clear();
    await failure(apiRequest('/cart'));
    expect(fetchFake.mock.calls.map(([url]) => url)).toEqual(['/api/users/login', '/api/users/logout', '/api/cart']);
  });

  it("blocks authenticated calls while logged out with 'User is logged out', but not recovery or browsing", async () => {
    localStorage.setItem(LOGGED_OUT_KEY, 'true');
    const fetchFake = stubFetch(async () => jsonResponse(200, { success: true }));
    expect(await failure(apiRequest('/users/me'))).toMatchObject({ status: 401, message: 'User is logged out' });
    expect(await failure(apiRequest('/cart'))).toMatchObject({ status: 401 });
    await apiRequest('/users/forgot-password', { method: 'POST', body: { email: 'a@b.co' } });
    await apiRequest('/products/all-products');
    await apiRequest('/users/verify-email/abcdefghijkl');
    expect(fetchFake).toHaveBeenCalledTimes(3);
  });

  it('lets a logged-out visitor read the payment config, and reach the cart and payment only while guest checkout is on', async () => {
    localStorage.setItem(LOGGED_OUT_KEY, 'true');
    const fetchFake = stubFetch(async () => jsonResponse(200, { success: true }));
    await apiRequest('/payment/config');
    expect(await failure(apiRequest('/payment/cart-summary'))).toMatchObject({ status: 401 });
    try {
      setGuestCheckoutOn(true);
      await apiRequest('/cart');
      await apiRequest('/payment/cart-summary');
      expect(await failure(apiRequest('/users/me'))).toMatchObject({ status: 401, message: 'User is logged out' });
      expect(await failure(apiRequest('/payments/payment-methods'))).toMatchObject({ status: 401 });
    } finally {
      setGuestCheckoutOn(false);
    }
    expect(await failure(apiRequest('/cart'))).toMatchObject({ status: 401 });
    expect(fetchFake.mock.calls.map(([url]) => url)).toEqual([
      '/api/payment/config',
      '/api/cart',
      '/api/payment/cart-summary',
    ]);
  });
});
