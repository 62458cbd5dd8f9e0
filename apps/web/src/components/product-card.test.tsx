import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PLACEHOLDER_IMAGE } from '@shopper/contract/plain';
import { buildProduct } from '../test/product-fixture.ts';
import { ProductCard } from './product-card.tsx';

function renderCard(overrides: Parameters<typeof buildProduct>[0], props: { isPriority?: boolean } = {}) {
  return render(
    <MemoryRouter>
      <ProductCard product={buildProduct(overrides)} {...props} />
    </MemoryRouter>,
  );
}

describe('ProductCard', () => {
  it('shows the discount badge, sale price and struck regular price when discounted', () => {
    renderCard({ old_price: 80, new_price: 60 });
    expect(screen.getByText('-25%')).toBeTruthy();
    expect(screen.getByText('$60.00')).toBeTruthy();
    expect(screen.getByText('$80.00').closest('s')).not.toBeNull();
  });

  it.each([
    ['no new price', 0],
    ['a new price equal to the old one', 80],
    ['a new price above the old one', 95],
  ])('shows no badge with %s', (_label, newPrice) => {
    renderCard({ old_price: 80, new_price: newPrice });
    expect(screen.queryByText(/^-\d+%$/)).toBeNull();
    expect(screen.getByText('$80.00').closest('s')).toBeNull();
  });

  it('links the name to the slug URL and describes the image and rating', () => {
    renderCard({});
    const link = screen.getByRole('link', { name: 'Linen Summer Shirt' });
    expect(link.getAttribute('href')).toBe('/products/linen-summer-shirt');
    const image = screen.getByRole('img', { name: 'Linen Summer Shirt' });
    expect(image.getAttribute('width')).toBe('600');
    expect(image.getAttribute('height')).toBe('750');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();
  });

  it('falls back to the placeholder image when the image fails', () => {
    renderCard({});
    const image = screen.getByRole<HTMLImageElement>('img', { name: 'Linen Summer Shirt' });
    image.dispatchEvent(new Event('error'));
    expect(image.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('ProductCard with an uploaded image', () => {
  const url = '/images/uploads/0123456789abcdef0123-640.webp';
  const imageSources = {
    [url]: {
      srcSet: '/images/uploads/aaaaaaaaaaaaaaaaaaaa-320.webp 320w, /images/uploads/0123456789abcdef0123-640.webp 640w',
      avifSrcSet: '/images/uploads/bbbbbbbbbbbbbbbbbbbb-320.avif 320w',
      width: 900,
      height: 1200,
    },
  };

  it('offers the WebP widths with the grid’s sizes, AVIF first, and the picture’s own proportions', () => {
    const { container } = renderCard({ images: [url], mainImage: url, image: url, imageSources });
    const image = screen.getByRole('img', { name: 'Linen Summer Shirt' });
    expect(image.getAttribute('srcset')).toBe(imageSources[url].srcSet);
    expect(image.getAttribute('sizes')).toBe('(max-width: 700px) 50vw, (max-width: 1000px) 33vw, 25vw');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['900', '1200']);
    const avif = container.querySelector('picture > source[type="image/avif"]');
    expect(avif?.getAttribute('srcset')).toBe(imageSources[url].avifSrcSet);
  });

  it('keeps a plain <img> for generated pictures', () => {
    const { container } = renderCard({});
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Linen Summer Shirt' }).getAttribute('srcset')).toBeNull();
  });

  it('fetches the largest paint first: a priority card image is eager with fetchpriority high', () => {
    renderCard({}, { isPriority: true });
    const image = screen.getByRole('img', { name: 'Linen Summer Shirt' });
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('loading')).toBe('eager');
  });

  it('leaves other card images lazy, at the default priority', () => {
    renderCard({});
    const image = screen.getByRole('img', { name: 'Linen Summer Shirt' });
    expect(image.getAttribute('fetchpriority')).toBeNull();
    expect(image.getAttribute('loading')).toBe('lazy');
  });
});
