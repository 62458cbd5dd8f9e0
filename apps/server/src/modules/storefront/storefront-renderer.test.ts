import { describe, expect, it } from 'vitest';
import { ProductSchema } from '@shopper/contract';
import { headFor } from './head-for.ts';
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

  it('keeps the listing parameters of a collection page, which lists and sorts like the shop', () => {
    expect(pageCacheKey('/collections/summer-edit?sort=price-asc&utm_source=mail')).toBe(
      'page:/collections/summer-edit?sort=price-asc',
    );
    expect(pageCacheKey('/collections/summer-edit?sort=price-asc')).not.toBe(pageCacheKey('/collections/summer-edit'));
    expect(pageCacheKey('/collections/summer-edit/extra?sort=price-asc')).toBe('page:/collections/summer-edit/extra');
  });

  it('keeps the colour filter of a listing among its parameters (decision 043)', () => {
    expect(pageCacheKey('/shop?utm_source=mail&colours=green,blue&sizes=M')).toBe(
      'page:/shop?sizes=M&colours=green%2Cblue',
    );
    expect(pageCacheKey('/women?colours=green')).not.toBe(pageCacheKey('/women'));
  });

  it('keeps the colour a product page shows, when it can be a colour’s slug (decision 043)', () => {
    expect(pageCacheKey('/products/linen-shirt?utm_source=mail&colour=sage-green')).toBe(
      'page:/products/linen-shirt?colour=sage-green',
    );
    expect(pageCacheKey('/product/0b9b6a51?colour=navy')).toBe('page:/product/0b9b6a51?colour=navy');
    expect(pageCacheKey('/products/linen-shirt?colour=sage&colour=navy')).toBe(
      'page:/products/linen-shirt?colour=sage',
    );
  });

  it('keys a product page with a colour no slug can be as the page without one: it shows the default colour', () => {
    for (const colour of ['Sage', 'sage--green', '-sage', 'sage%20green', '', '%3Cscript%3E', 'x'.repeat(3) + '_']) {
      expect(pageCacheKey(`/products/linen-shirt?colour=${colour}`), colour).toBe('page:/products/linen-shirt');
    }
    // The page reads the first value: a later good one does not name the rendering.
    expect(pageCacheKey('/products/linen-shirt?colour=Sage&colour=navy')).toBe('page:/products/linen-shirt');
    // Other pages never read it.
    expect(pageCacheKey('/shop?colour=sage')).toBe('page:/shop');
    expect(pageCacheKey('/?colour=sage')).toBe('page:/');
  });

  it('keeps the search text as typed: the header shows it so', () => {
    expect(pageCacheKey('/shop?q=%20linen')).not.toBe(pageCacheKey('/shop?q=linen'));
  });
});

describe('the head of a product page shown in a colour (decision 043)', () => {
  const stock = [{ size: 'M', quantity: 2 }];
  const colour = (slug: string, hex: string) => ({
    id: `c-${slug}`,
    slug,
    name: slug,
    swatch: `#${hex}`,
    family: 'green',
    images: [`/images/products/shirt-${hex}-front.svg`],
    mainImage: `/images/products/shirt-${hex}-front.svg`,
    mainImageIndex: 0,
    stock,
    in_stock: true,
  });
  const product = ProductSchema.parse({
    _id: 'p1',
    id: 'p1',
    slug: 'linen-shirt',
    name: 'Linen Shirt',
    images: ['/images/products/shirt-8a9a5b-front.svg'],
    mainImage: '/images/products/shirt-8a9a5b-front.svg',
    mainImageIndex: 0,
    image: '/images/products/shirt-8a9a5b-front.svg',
    old_price: 59.9,
    new_price: 0,
    category: 'women',
    tags: [],
    types: [],
    rating: 0,
    reviewCount: 0,
    sizes: ['M'],
    stock: [{ size: 'M', quantity: 4 }],
    shortDescription: '',
    longDescription: '',
    description: '',
    brand: '',
    date: '2026-06-01T00:00:00.000Z',
    in_stock: true,
    colours: [colour('sage', '8a9a5b'), colour('navy', '1f2a44')],
    defaultColourId: 'c-sage',
  });

  it('keeps the canonical at /products/{slug}, without the colour', () => {
    const head = headFor(
      { kind: 'product', product, reviews: undefined },
      '/products/linen-shirt?colour=navy',
      'https://shop.example.com',
    );
    expect(head).toContain('<link rel="canonical" href="https://shop.example.com/products/linen-shirt">');
    // Only the JSON-LD's variants have addresses with a colour; no link or meta tag does.
    const tags = head.split('\n').filter((line) => !line.startsWith('<script type="application/ld+json">'));
    expect(tags.join('\n')).not.toContain('colour=');
    expect(head).toContain(
      '<meta property="og:image" content="https://shop.example.com/images/products/shirt-1f2a44-front.webp">',
    );
  });
});
