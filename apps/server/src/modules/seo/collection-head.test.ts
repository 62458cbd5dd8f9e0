import type { Collection } from '@shopper/contract';
import { describe, expect, it } from 'vitest';
import { collectionHead, renderHead } from './page-head.ts';

const ORIGIN = 'https://shop.example.com';
const linen: Collection = {
  slug: 'linen',
  name: 'Linen </script><script>alert(1)</script>',
  description: 'Light pieces for warm days.',
  banner: { image: '/images/banners/women.svg', alt: 'Linen on a beach', width: 1440, height: 360 },
  updatedAt: '2026-11-20T12:00:00.000Z',
};
const items = [
  { name: 'Linen Shirt', slug: 'linen-shirt' },
  { name: 'Linen Dress', slug: 'linen-dress' },
];

describe('a collection page’s head', () => {
  it('has its canonical address, description, banner preview, and a CollectionPage with the page’s products', () => {
    const head = collectionHead(linen, items);
    expect(head).toMatchObject({
      title: linen.name,
      description: 'Light pieces for warm days.',
      canonicalPath: '/collections/linen',
      image: { url: '/images/banners/women-1440.webp', alt: 'Linen on a beach' },
    });
    expect(head.robots).toBeUndefined();
    expect(head.jsonLd[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: linen.name,
      description: 'Light pieces for warm days.',
      url: '/collections/linen',
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: 2,
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Linen Shirt', url: '/products/linen-shirt' },
          { '@type': 'ListItem', position: 2, name: 'Linen Dress', url: '/products/linen-dress' },
        ],
      },
    });
    expect(head.jsonLd[1]).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('keeps a filtered listing out of indexes and its canonical on the page’s own query rules', () => {
    const head = collectionHead(linen, items, '?colours=green&page=2');
    expect(head.robots).toBe('noindex');
    expect(head.canonicalPath?.startsWith('/collections/linen')).toBe(true);
  });

  it('renders absolute URLs, and markup in a name cannot end the JSON-LD script', () => {
    const html = renderHead(collectionHead(linen, items), ORIGIN);
    expect(html).toContain('<link rel="canonical" href="https://shop.example.com/collections/linen">');
    expect(html).toContain('"url":"https://shop.example.com/products/linen-shirt"');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('without a description says what and where the collection is', () => {
    expect(collectionHead({ ...linen, name: 'Linen', description: '', banner: null }, []).description).toBe(
      'Linen at SHOPPER.',
    );
  });
});
