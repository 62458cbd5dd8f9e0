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

  it('keeps the colour filter of a listing with the other listing parameters', () => {
    expect(pageCacheKey('/men?colours=green,blue&utm_source=mail&sizes=M')).toBe(
      'page:/men?sizes=M&colours=green%2Cblue',
    );
    expect(pageCacheKey('/shop?colours=green')).not.toBe(pageCacheKey('/shop?colours=blue'));
  });

  it('keeps the colour a product page shows when it could be a colour, and nothing else (decision 043)', () => {
    expect(pageCacheKey('/products/linen-shirt?colour=sage&utm_source=mail')).toBe(
      'page:/products/linen-shirt?colour=sage',
    );
    expect(pageCacheKey('/products/linen-shirt?utm_source=mail&colour=deep-moss-2')).toBe(
      'page:/products/linen-shirt?colour=deep-moss-2',
    );
    // Values no colour can have render the default colour: one entry with the bare path.
    for (const junk of ['Sage', '<script>', '', '-sage', 'sage--2', 'a'.repeat(61), 'sage%20green']) {
      expect(pageCacheKey(`/products/linen-shirt?colour=${junk}`), junk).toBe('page:/products/linen-shirt');
    }
    // A colour means nothing to other pages.
    expect(pageCacheKey('/?colour=sage')).toBe('page:/');
    expect(pageCacheKey('/product/123?colour=sage')).toBe('page:/product/123');
  });

  it('keeps the search text as typed: the header shows it so', () => {
    expect(pageCacheKey('/shop?q=%20linen')).not.toBe(pageCacheKey('/shop?q=linen'));
  });
});
