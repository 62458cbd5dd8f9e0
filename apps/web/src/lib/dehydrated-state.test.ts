import { describe, expect, it } from 'vitest';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { parseDehydratedState, serializeDehydratedState } from './dehydrated-state.ts';

async function stateWith(data: unknown, error: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await client.prefetchQuery({ queryKey: ['ok'], queryFn: () => data });
  await client.prefetchQuery({ queryKey: ['failed'], queryFn: () => Promise.reject(error as Error) });
  return dehydrate(client, { shouldDehydrateQuery: () => true });
}

describe('the dehydrated query cache in a script element', () => {
  it('escapes every < so a hostile product name cannot close the element', async () => {
    const text = serializeDehydratedState(await stateWith({ name: '</script><script>alert(1)</script>' }, 'x'));
    expect(text).not.toContain('<');
    const state = parseDehydratedState(text);
    expect(state?.queries[0]?.state.data).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it('brings a failed query back with its ApiError, so a 404 renders as not found in the browser too', async () => {
    const text = serializeDehydratedState(
      await stateWith(1, new ApiError(404, 'Product not found', { code: 'NOT_FOUND' })),
    );
    const error = parseDehydratedState(text)?.queries.find((query) => query.queryKey[0] === 'failed')?.state.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Product not found', code: 'NOT_FOUND' });
  });

  it('answers null for a missing or broken element', () => {
    expect(parseDehydratedState(null)).toBeNull();
    expect(parseDehydratedState('{not json')).toBeNull();
    expect(parseDehydratedState('{"queries":1}')).toBeNull();
  });
});
