import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { AFTER_PURCHASE_MESSAGES as A, AUTH_TOKEN_STORAGE_KEY } from '@shopper/contract/plain';
import { type SavedItem, SavedItemsAnswerSchema } from '@shopper/contract';
import { jsonResponse, stubApi } from '../test/account-fixtures.ts';
import { buildColourfulProduct, buildProduct } from '../test/product-fixture.ts';
import { recordedRequests, signedInRoutes } from '../test/shop-fixtures.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { ProductCard } from './product-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const shirt = buildColourfulProduct();
const plain = buildProduct();

function savedItem(overrides: Partial<SavedItem>): SavedItem {
  return {
    id: 's1',
    productId: shirt.id,
    name: shirt.name,
    colourId: 'c-sage',
    colourName: 'Sage',
    size: null,
    image: '/x.svg',
    price: 40,
    stock: 3,
    addedAt: '2026-11-28T10:00:00.000Z',
    ...overrides,
  };
}
const listAnswer = (items: SavedItem[]) => () =>
  jsonResponse(200, SavedItemsAnswerSchema.parse({ success: true, items }));

function cards() {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ProductCard product={shirt} />
        <ProductCard product={plain} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  );
}
const heartOf = (name: string) => screen.getByRole('button', { name: A.saveItem(name) });

describe('the heart on product cards', () => {
  it('is rendered empty on the server whoever asks, so the listing stays one cacheable page', () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    const html = renderToString(cards());
    expect(html).toContain('aria-pressed="false"');
    expect(html).not.toContain('aria-pressed="true"');
  });

  it('asks a guest to log in, as the cart does, and sends nothing', async () => {
    const fetchFake = stubApi({});
    render(cards());
    await userEvent.click(heartOf(shirt.name));
    expect(await screen.findByText(A.savedLoginNeeded)).toBeTruthy();
    expect(recordedRequests(fetchFake).filter((r) => r.url.pathname.startsWith('/api/saved-items'))).toEqual([]);
  });

  it('shows a signed-in customer what they saved, after hydration, and saves or removes the colour shown', async () => {
    const fetchFake = stubApi({
      ...signedInRoutes(),
      'GET /api/saved-items': listAnswer([savedItem({})]),
      'POST /api/saved-items': listAnswer([
        savedItem({}),
        savedItem({ id: 's2', productId: plain.id, colourId: plain.colours[0]!.id }),
      ]),
      'DELETE /api/saved-items/s1': listAnswer([
        savedItem({ id: 's2', productId: plain.id, colourId: plain.colours[0]!.id }),
      ]),
    });
    render(cards());
    await waitFor(() => expect(heartOf(shirt.name).getAttribute('aria-pressed')).toBe('true'));
    expect(heartOf(plain.name).getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(heartOf(plain.name));
    await waitFor(() => expect(heartOf(plain.name).getAttribute('aria-pressed')).toBe('true'));
    expect(await screen.findByText(A.savedAdded)).toBeTruthy();
    const posted = recordedRequests(fetchFake).find((r) => r.method === 'POST');
    expect(posted?.body).toEqual({ productId: plain.id, colourId: plain.colours[0]!.id });

    await userEvent.click(heartOf(shirt.name));
    await waitFor(() => expect(heartOf(shirt.name).getAttribute('aria-pressed')).toBe('false'));
    expect(await screen.findByText(A.savedRemoved)).toBeTruthy();
  });
});
