import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBodySchema, MESSAGES, ProductCollectionSchema } from '@shopper/contract';
import { ApiError, apiClient, apiRequest } from './api-client.ts';
import { AUTH_TOKEN_KEY } from './session.ts';

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
