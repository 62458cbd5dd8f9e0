import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { CategoriesAnswerSchema, MESSAGES, ProductFacetsSchema, ProductListSchema } from '@shopper/contract';
import { errorBody, jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { buildColourfulProduct, buildProduct } from '../../test/product-fixture.ts';
import { renderPage, renderRoutes } from '../../test/render.tsx';
import { recordedRequests } from '../../test/shop-fixtures.ts';
import { CategoryPage } from './category-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const banner = { image: '/images/banners/women.svg', alt: 'Women collection: a dress', width: 1440, height: 360 };

function categoriesAnswer(womenBanner = banner) {
  return CategoriesAnswerSchema.parse({
    success: true,
    categories: [{ slug: 'women', name: 'Women', banner: womenBanner, updatedAt: '2026-11-23T12:00:00.000Z' }],
  });
}

function renderWomen(categories: () => Response | Promise<Response>) {
  stubApi({
    'GET /api/products/categories': categories,
    'GET /api/products/category/women': () =>
      jsonResponse(
        200,
        ProductListSchema.parse({
          success: true,
          products: [buildProduct({ category: 'women' })],
          total: 1,
          page: 1,
          totalPages: 1,
          limit: 12,
        }),
      ),
    'GET /api/products/facets': () =>
      jsonResponse(
        200,
        ProductFacetsSchema.parse({ success: true, types: [], sizes: [], brands: [], colours: [], maxPrice: 100 }),
      ),
  });
  return renderPage(<CategoryPage category="women" />, '/women');
}

describe('CategoryPage header (docs/product.md#category-page)', () => {
  it('is the category banner, with its size and alt text, and keeps the h1 for assistive technology', async () => {
    renderWomen(() => jsonResponse(200, categoriesAnswer()));
    const image = await screen.findByRole('img', { name: banner.alt });
    expect(image.getAttribute('src')).toBe(banner.image);
    expect(image.getAttribute('width')).toBe('1440');
    expect(image.getAttribute('height')).toBe('360');
    expect(screen.getByRole('heading', { level: 1, name: 'Women Collection' })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.categoryCollectionSubtitle('women'))).toBeNull();
  });

  it('offers a built-in banner’s WebP renderings, sized for a phone’s crop and the container (decision 037)', async () => {
    renderWomen(() => jsonResponse(200, categoriesAnswer()));
    const image = await screen.findByRole('img', { name: banner.alt });
    expect(image.getAttribute('srcset')).toBe(
      '/images/banners/women-720.webp 720w, /images/banners/women-1080.webp 1080w, /images/banners/women-1440.webp 1440w',
    );
    expect(image.getAttribute('sizes')).toBe('(max-width: 600px) 182vw, min(100vw, 1240px)');
  });

  it('shows any other banner picture as it is', async () => {
    const uploaded = { ...banner, image: 'https://cdn.example.com/women.jpg' };
    renderWomen(() => jsonResponse(200, categoriesAnswer(uploaded)));
    const image = await screen.findByRole('img', { name: banner.alt });
    expect(image.getAttribute('src')).toBe(uploaded.image);
    expect(image.hasAttribute('srcset')).toBe(false);
    expect(image.hasAttribute('sizes')).toBe(false);
  });

  it('holds the banner’s space while the categories load', () => {
    renderWomen(() => new Promise(() => undefined));
    expect(document.querySelector('header [aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('img', { name: banner.alt })).toBeNull();
  });

  it('falls back to the title and subtitle when the categories fail to load', async () => {
    renderWomen(() => jsonResponse(400, errorBody('VALIDATION_FAILED', 'Bad')));
    expect(await screen.findByText(MESSAGES.categoryCollectionSubtitle('women'))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Women Collection' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: banner.alt })).toBeNull();
  });
});

describe('CategoryPage filtered by colour (decision 043)', () => {
  it('asks for the families in the URL and shows each card in its first colour of them', async () => {
    const fetchFake = stubApi({
      'GET /api/products/categories': () => jsonResponse(200, categoriesAnswer()),
      'GET /api/products/category/women': () =>
        jsonResponse(
          200,
          ProductListSchema.parse({
            success: true,
            products: [buildColourfulProduct({ category: 'women' })],
            total: 1,
            page: 1,
            totalPages: 1,
            limit: 12,
          }),
        ),
      'GET /api/products/facets': () =>
        jsonResponse(
          200,
          ProductFacetsSchema.parse({
            success: true,
            types: [],
            sizes: [],
            brands: [],
            colours: ['green', 'blue', 'beige'],
            maxPrice: 100,
          }),
        ),
    });
    renderRoutes([{ path: '/women', element: <CategoryPage category="women" /> }], ['/women?colours=blue']);
    const name = await screen.findByRole('link', { name: 'Linen Shirt' });
    expect(name.getAttribute('href')).toBe('/products/linen-shirt?colour=navy');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Blue' }).checked).toBe(true);
    const listing = recordedRequests(fetchFake).find((request) => request.url.pathname.endsWith('/category/women'));
    expect(listing?.url.searchParams.get('colours')).toBe('blue');
  });
});
