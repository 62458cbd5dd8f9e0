import { describe, expect, it } from 'vitest';
import { pageCacheKey } from './storefront-renderer.ts';

describe('the cache key of a rendered page (decision 024)', () => {
  it('is the path alone where the page reads no query', () => {
    expect(pageCacheKey('/products/linen-shirt?utm_source=mail')).toBe('page:/products/linen-shirt');
    expect(pageCacheKey('/')).toBe('page:/');
    expect(pageCacheKey('/?ref=ad')).toBe('page:/');
  });

  it('keeps the listing parameters of a listing page in one order, and drops the others', () => {
    expect(pageCacheKey('/shop?sort=price-asc&q=linen&utm_source=mail')).toBe('page:/shop?q=linen&sort=price-asc');
    expect(pageCacheKey('/shop?q=linen&sort=price-asc')).toBe('page:/shop?q=linen&sort=price-asc');
    expect(pageCacheKey('/women?sizes=S&sizes=M&page=2')).toBe('page:/women?sizes=S&sizes=M&page=2');
  });

  it('keeps the search text as typed: the header shows it so', () => {
    expect(pageCacheKey('/shop?q=%20linen')).not.toBe(pageCacheKey('/shop?q=linen'));
  });
});
