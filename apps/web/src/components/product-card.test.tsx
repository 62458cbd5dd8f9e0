import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { PLACEHOLDER_IMAGE, SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import type { Product } from '@shopper/contract';
import { buildColour, buildColourfulProduct, buildProduct, NAVY, SAGE, SAND } from '../test/product-fixture.ts';
import { ProductCard } from './product-card.tsx';

function renderCard(overrides: Parameters<typeof buildProduct>[0], props: { isPriority?: boolean } = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ProductCard product={buildProduct(overrides)} {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
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

describe('ProductCard colours (decision 043)', () => {
  function renderColourCard(product: Product, colourFamilies?: string[]) {
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ProductCard product={product} colourFamilies={colourFamilies} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  const swatchGroup = () => screen.getByRole('list', { name: UI.coloursOf('Linen Shirt') });
  const picture = () => screen.getByRole('img', { name: 'Linen Shirt' });

  const sevenColours = buildColourfulProduct({
    colours: [
      SAGE,
      NAVY,
      SAND,
      ...['Rust', 'Ink', 'Moss', 'Chalk'].map((name) =>
        buildColour({ id: `c-${name.toLowerCase()}`, slug: name.toLowerCase(), name }),
      ),
    ],
  });

  it('offers up to five swatches named by colour, each a link to the product in that colour, then +n', () => {
    renderColourCard(sevenColours);
    const links = within(swatchGroup()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Sage', 'Navy', 'Sand', 'Rust', 'Ink']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/products/linen-shirt?colour=sage',
      '/products/linen-shirt?colour=navy',
      '/products/linen-shirt?colour=sand',
      '/products/linen-shirt?colour=rust',
      '/products/linen-shirt?colour=ink',
    ]);
    const more = within(swatchGroup()).getAllByRole('listitem').at(-1)!;
    expect(more.querySelector('[aria-hidden="true"]')?.textContent).toBe('+2');
    expect(more.textContent).toContain(UI.moreColours(2));
    expect(
      screen.getByRole('link', { name: 'Sage' }).querySelector<HTMLElement>('[aria-hidden="true"]')?.style
        .backgroundColor,
    ).toBe('rgb(138, 154, 91)');
  });

  it('shows no +n for five colours or fewer, and no swatches for a product in one colour', () => {
    const view = renderColourCard(buildColourfulProduct());
    expect(within(swatchGroup()).getAllByRole('link')).toHaveLength(3);
    expect(screen.queryByText(/^\+\d/)).toBeNull();
    view.unmount();
    renderColourCard(buildProduct());
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the colour hovered, then the default again when the pointer leaves the swatches', async () => {
    renderColourCard(buildColourfulProduct());
    const image = picture();
    expect(image.getAttribute('src')).toBe(SAGE.mainImage);
    await userEvent.hover(screen.getByRole('link', { name: 'Navy' }));
    expect(picture().getAttribute('src')).toBe(NAVY.mainImage);
    await userEvent.hover(screen.getByRole('link', { name: 'Sand' }));
    expect(picture().getAttribute('src')).toBe(SAND.mainImage);
    // The same picture element, its size unchanged: the card does not move.
    expect(picture()).toBe(image);
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['600', '750']);
    await userEvent.unhover(swatchGroup());
    expect(picture().getAttribute('src')).toBe(SAGE.mainImage);
  });

  it('shows the colour focused, and the default again once focus leaves the swatches', () => {
    renderColourCard(buildColourfulProduct());
    fireEvent.focus(screen.getByRole('link', { name: 'Navy' }));
    expect(picture().getAttribute('src')).toBe(NAVY.mainImage);
    fireEvent.blur(screen.getByRole('link', { name: 'Navy' }), {
      relatedTarget: screen.getByRole('link', { name: 'Sand' }),
    });
    fireEvent.focus(screen.getByRole('link', { name: 'Sand' }));
    expect(picture().getAttribute('src')).toBe(SAND.mainImage);
    fireEvent.blur(screen.getByRole('link', { name: 'Sand' }), {
      relatedTarget: screen.getByRole('link', { name: 'Linen Shirt' }),
    });
    expect(picture().getAttribute('src')).toBe(SAGE.mainImage);
  });

  it('in a listing filtered by colour, shows its first colour of those families and links to it', () => {
    const view = renderColourCard(buildColourfulProduct(), ['beige', 'blue']);
    expect(picture().getAttribute('src')).toBe(NAVY.mainImage);
    expect(screen.getByRole('link', { name: 'Linen Shirt' }).getAttribute('href')).toBe(
      '/products/linen-shirt?colour=navy',
    );
    view.unmount();
    renderColourCard(buildColourfulProduct(), ['purple']);
    expect(picture().getAttribute('src')).toBe(SAGE.mainImage);
    expect(screen.getByRole('link', { name: 'Linen Shirt' }).getAttribute('href')).toBe('/products/linen-shirt');
  });
});
