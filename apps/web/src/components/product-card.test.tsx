import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PLACEHOLDER_IMAGE } from '@shopper/contract';
import { buildProduct } from '../test/product-fixture.ts';
import { ProductCard } from './product-card.tsx';

function renderCard(overrides: Parameters<typeof buildProduct>[0]) {
  return render(
    <MemoryRouter>
      <ProductCard product={buildProduct(overrides)} />
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
