import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchSuggestionsSchema } from '@shopper/contract';
import { jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { SearchBox } from './search-box.tsx';

afterEach(() => vi.unstubAllGlobals());

const SUGGESTIONS = SearchSuggestionsSchema.parse({
  success: true,
  products: [
    { id: 'p1', slug: 'slim-tapered-jeans', name: 'Slim Tapered Jeans', image: '/x.svg', price: 89, category: 'men' },
    { id: 'p2', slug: 'mom-jeans', name: 'Mom Jeans', image: '/y.svg', price: 59, category: 'women' },
  ],
  categories: [{ slug: 'women', name: 'Women', query: 'jeans' }],
});

function renderBox() {
  const fetchFake = stubApi({ 'GET /api/products/suggestions': () => jsonResponse(200, SUGGESTIONS) });
  const onNavigate = vi.fn();
  const view = renderRoutes(
    [
      { path: '/', element: <SearchBox className="" onNavigate={onNavigate} /> },
      { path: '/products/:slug', element: <p>Product page</p> },
      { path: '/women', element: <p>Women page</p> },
      { path: '/shop', element: <p>Shop page</p> },
    ],
    ['/'],
  );
  return { ...view, fetchFake, onNavigate };
}

describe('SearchBox', () => {
  it('suggests products and categories as a combobox, and moves through them with the keyboard', async () => {
    const user = userEvent.setup();
    const { router, fetchFake, onNavigate } = renderBox();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box.getAttribute('aria-expanded')).toBe('false');

    await user.type(box, 'jens');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Slim Tapered Jeans$89.00',
      'Mom Jeans$59.00',
      '“jeans” in WomenCategory',
    ]);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox', { name: 'Search suggestions' }).id);
    const asked = fetchFake.mock.calls.map(([url]) => new URL(url as string, 'http://shop.test').searchParams.get('q'));
    expect(asked.at(-1)).toBe('jens');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]?.id);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/women'));
    expect(router.state.location.search).toBe('?q=jeans');
    expect(onNavigate).toHaveBeenCalled();
  });

  it('closes on Escape, and Enter without a highlighted option searches the text', async () => {
    const user = userEvent.setup();
    const { router } = renderBox();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, 'jeans');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    expect(router.state.location.search).toBe('?q=jeans');
  });

  it('opens a product with a click, and asks nothing for one letter', async () => {
    const user = userEvent.setup();
    const { router, fetchFake } = renderBox();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, 'j');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchFake).not.toHaveBeenCalled();
    await user.type(box, 'eans');
    await user.click(await screen.findByRole('option', { name: /Mom Jeans/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/mom-jeans'));
  });
});
