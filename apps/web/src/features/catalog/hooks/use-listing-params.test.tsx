import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  DEFAULT_LISTING_STATE,
  applyPageChange,
  listingHref,
  parseListingParams,
  serializeListingParams,
  useListingParams,
} from './use-listing-params.ts';

describe('parseListingParams', () => {
  it('reads every filter, sort and page value from the query', () => {
    const state = parseListingParams(
      new URLSearchParams(
        'q=linen&minPrice=10&maxPrice=0&rating=4&discount=true&sizes=S,M&types=shirt,dress&colours=green,blue&sort=price-asc&page=3&limit=24',
      ),
    );
    expect(state).toEqual({
      q: 'linen',
      minPrice: 10,
      maxPrice: 0,
      rating: 4,
      isDiscountOnly: true,
      sizes: ['S', 'M'],
      types: ['shirt', 'dress'],
      colours: ['green', 'blue'],
      sort: 'price-asc',
      page: 3,
      limit: 24,
    });
  });

  it('falls back to defaults for malformed values', () => {
    const state = parseListingParams(
      new URLSearchParams(
        'minPrice=-5&maxPrice=abc&rating=9&discount=yes&sort=cheapest&page=0&limit=13&sizes=,,&colours=sage,,',
      ),
    );
    expect(state).toEqual(DEFAULT_LISTING_STATE);
  });

  it('reads lists repeated as a GET form sends them, and comma lists, without duplicates', () => {
    const state = parseListingParams(new URLSearchParams('sizes=S&sizes=M,L&sizes=S&types=shirt'));
    expect(state.sizes).toEqual(['S', 'M', 'L']);
    expect(state.types).toEqual(['shirt']);
  });

  it('reads colour families in any case, in the families’ order, and drops what is not a family (decision 043)', () => {
    const state = parseListingParams(new URLSearchParams('colours=Blue&colours=green,sage,BLUE'));
    expect(state.colours).toEqual(['green', 'blue']);
  });
});

describe('listingHref', () => {
  it('is the path alone for the default state, and the short query otherwise', () => {
    expect(listingHref('/women', DEFAULT_LISTING_STATE)).toBe('/women');
    expect(listingHref('/shop', { ...DEFAULT_LISTING_STATE, q: 'linen', page: 2 })).toBe('/shop?q=linen&page=2');
  });
});

describe('serializeListingParams', () => {
  it('leaves defaults out of the URL', () => {
    expect(serializeListingParams(DEFAULT_LISTING_STATE).toString()).toBe('');
  });

  it('round-trips a filtered state', () => {
    const state = {
      ...DEFAULT_LISTING_STATE,
      q: 'summer dress',
      minPrice: 20,
      maxPrice: 150,
      rating: 3,
      isDiscountOnly: true,
      sizes: ['XS', 'L'],
      types: ['dress'],
      colours: ['black', 'green'],
      sort: 'rating' as const,
      page: 2,
      limit: 48,
    };
    const params = serializeListingParams(state);
    expect(params.get('discount')).toBe('true');
    expect(params.get('sizes')).toBe('XS,L');
    expect(params.get('colours')).toBe('black,green');
    expect(parseListingParams(params)).toEqual(state);
  });
});

describe('applyPageChange', () => {
  it('ignores pages outside 1..totalPages and the current page', () => {
    const state = { ...DEFAULT_LISTING_STATE, page: 2 };
    expect(applyPageChange(state, 0, 5)).toBeNull();
    expect(applyPageChange(state, 6, 5)).toBeNull();
    expect(applyPageChange(state, 2, 5)).toBeNull();
    expect(applyPageChange(state, 1.5, 5)).toBeNull();
    expect(applyPageChange(state, 5, 5)?.page).toBe(5);
  });
});

function setup(initialPath: string) {
  let hook: { current: ReturnType<typeof useListingParams> } | undefined;
  const router = createMemoryRouter(
    [
      {
        path: '/shop',
        Component: function Probe() {
          const result = useListingParams();
          hook = { current: result };
          return null;
        },
      },
    ],
    { initialEntries: [initialPath] },
  );
  renderHook(() => null, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <>
        {children}
        <RouterProvider router={router} />
      </>
    ),
  });
  return {
    router,
    get current() {
      if (!hook) throw new Error('hook not rendered');
      return hook.current;
    },
  };
}

describe('useListingParams', () => {
  it('resets the page to 1 when a filter or the page size changes', () => {
    const view = setup('/shop?page=4&sort=price-desc');
    expect(view.current.state.page).toBe(4);

    act(() => view.current.update({ sizes: ['M'] }));
    expect(view.router.state.location.search).toBe('?sizes=M&sort=price-desc');
    expect(view.current.state.page).toBe(1);

    act(() => {
      view.current.setPage(3, 5);
    });
    act(() => view.current.update({ limit: 36 }));
    expect(view.current.state).toMatchObject({ page: 1, limit: 36, sizes: ['M'] });
  });

  it('ignores out-of-range page changes and keeps history for back/forward', () => {
    const view = setup('/shop?discount=true');
    let changed = true;
    act(() => {
      changed = view.current.setPage(9, 3);
    });
    expect(changed).toBe(false);
    expect(view.router.state.location.search).toBe('?discount=true');

    act(() => {
      view.current.setPage(2, 3);
    });
    expect(view.router.state.location.search).toBe('?discount=true&page=2');
    expect(view.router.state.historyAction).toBe('PUSH');
  });

  it('keeps a colour filter in the URL as a comma list, like sizes, and starts at page 1', () => {
    const view = setup('/shop?page=3');
    act(() => view.current.update({ colours: ['green', 'blue'] }));
    expect(view.router.state.location.search).toBe('?colours=green%2Cblue');
    expect(view.current.state).toMatchObject({ colours: ['green', 'blue'], page: 1 });
    expect(view.current.isFiltered).toBe(true);
  });

  it('clears the filters but keeps the search text, sort and page size', () => {
    const view = setup('/shop?q=linen&rating=4&discount=true&types=shirt&colours=green&sort=rating&limit=24&page=2');
    expect(view.current.isFiltered).toBe(true);
    act(() => view.current.clearFilters());
    expect(view.router.state.location.search).toBe('?q=linen&sort=rating&limit=24');
    expect(view.current.isFiltered).toBe(false);
  });
});
