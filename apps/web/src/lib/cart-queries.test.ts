import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { cartQueryKeys, invalidateCart } from './cart-queries.ts';

describe('invalidateCart', () => {
  it('reads the cart again but leaves a summary on screen stale, not refetched (the cart may have just emptied)', async () => {
    const queryClient = new QueryClient();
    const reads: string[] = [];
    const observe = (queryKey: readonly unknown[]) =>
      new QueryObserver(queryClient, {
        queryKey,
        queryFn: () => {
          reads.push(String(queryKey[1]));
          return 1;
        },
      }).subscribe(() => undefined);
    const stops = [observe(cartQueryKeys.count), observe([...cartQueryKeys.summary, {}])];
    await expect.poll(() => reads.length).toBe(2);

    await invalidateCart(queryClient);

    expect(reads).toEqual(['count', 'summary', 'count']);
    expect(queryClient.getQueryState([...cartQueryKeys.summary, {}])?.isInvalidated).toBe(true);
    for (const stop of stops) stop();
  });
});
