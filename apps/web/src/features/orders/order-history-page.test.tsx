import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHECKOUT_MESSAGES as M } from '@shopper/contract/plain';
import { errorBody, jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { buildOrder, ordersPage, recordedRequests, signedInRoutes } from '../../test/shop-fixtures.ts';
import { OrderHistoryPage } from './order-history-page.tsx';
import { parseOrderHistoryParams } from './hooks/use-order-history-params.ts';

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, answer: (url: URL) => Response) {
  const fetchFake = stubApi({
    ...signedInRoutes(),
    'GET /api/payment/my-orders': ({ url }) => answer(new URL(url, 'http://localhost')),
  });
  const view = renderRoutes([{ path: '/account/orders', element: <OrderHistoryPage /> }], [path]);
  const requested = () =>
    recordedRequests(fetchFake)
      .filter((request) => request.url.pathname === '/api/payment/my-orders')
      .map((request) => request.url.search);
  return { ...view, requested };
}

describe('OrderHistoryPage', () => {
  it('reads filters, sort, page size and page from the URL and sends them to the server', async () => {
    const { requested } = renderAt(
      '/account/orders?status=shipped&sort=price-high&limit=10&page=2&from=2026-01-01',
      () => jsonResponse(200, ordersPage([buildOrder()], 2, 10, 11)),
    );
    expect(await screen.findByText('Order #SH-10001')).toBeTruthy();
    expect(requested()[0]).toBe('?status=shipped&from=2026-01-01&sort=price-high&page=2&limit=10');
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('shipped');
    expect(screen.getByLabelText<HTMLSelectElement>('Per page').value).toBe('10');
  });

  it('puts a filter change in the URL and goes back to page 1', async () => {
    const { router, requested } = renderAt('/account/orders?page=2', (url) =>
      jsonResponse(200, ordersPage([buildOrder()], Number(url.searchParams.get('page') ?? 1), 5, 12)),
    );
    await screen.findByText('Order #SH-10001');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'delivered');
    await waitFor(() => expect(router.state.location.search).toBe('?status=delivered'));
    await userEvent.selectOptions(screen.getByLabelText('Per page'), '20');
    await waitFor(() => expect(router.state.location.search).toBe('?status=delivered&limit=20'));
    await waitFor(() => expect(requested()).toContain('?status=delivered&sort=newest&page=1&limit=20'));
  });

  it('changes the page through the pagination', async () => {
    const { router } = renderAt('/account/orders', (url) =>
      jsonResponse(200, ordersPage([buildOrder()], Number(url.searchParams.get('page') ?? 1), 5, 12)),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
  });

  it('says in the sort labels that alpha-asc/desc sort by order number', async () => {
    renderAt('/account/orders', () => jsonResponse(200, ordersPage([buildOrder()])));
    await screen.findByText('Order #SH-10001');
    const sort = screen.getByLabelText<HTMLSelectElement>('Sort by');
    const labelOf = (value: string) => [...sort.options].find((option) => option.value === value)?.textContent;
    expect(labelOf('alpha-asc')).toBe('Order number: low to high');
    expect(labelOf('alpha-desc')).toBe('Order number: high to low');
  });

  it('shows No Orders Yet with Start Shopping when there are none', async () => {
    renderAt('/account/orders', () => jsonResponse(200, ordersPage([])));
    expect(await screen.findByText(M.noOrdersYet)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/shop');
  });

  it('says when no orders match the filters', async () => {
    renderAt('/account/orders?status=cancelled', () => jsonResponse(200, ordersPage([])));
    expect(await screen.findByText(M.noOrdersMatchFilters)).toBeTruthy();
  });

  it('shows the error state with Try Again', async () => {
    let isBroken = true;
    renderAt('/account/orders', () =>
      isBroken
        ? jsonResponse(400, errorBody('VALIDATION_FAILED', 'Bad'))
        : jsonResponse(200, ordersPage([buildOrder()])),
    );
    expect(await screen.findByText(M.ordersLoadTrouble)).toBeTruthy();
    isBroken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Order #SH-10001')).toBeTruthy();
  });
});

describe('parseOrderHistoryParams', () => {
  it('falls back to the defaults for anything malformed', () => {
    expect(parseOrderHistoryParams(new URLSearchParams('status=lost&sort=x&limit=7&page=-1&from=yesterday'))).toEqual({
      status: 'all',
      sort: 'newest',
      page: 1,
      limit: 5,
    });
  });

  it('drops dates outside the range the server accepts', () => {
    expect(parseOrderHistoryParams(new URLSearchParams('from=0000-01-01&to=9999-12-31'))).toEqual({
      status: 'all',
      sort: 'newest',
      page: 1,
      limit: 5,
    });
    expect(parseOrderHistoryParams(new URLSearchParams('from=2000-01-01&to=2999-12-31'))).toMatchObject({
      from: '2000-01-01',
      to: '2999-12-31',
    });
  });

  it('drops an end date before the start date', () => {
    expect(parseOrderHistoryParams(new URLSearchParams('from=2026-05-01&to=2026-04-01'))).toMatchObject({
      from: '2026-05-01',
    });
    expect(parseOrderHistoryParams(new URLSearchParams('from=2026-05-01&to=2026-04-01')).to).toBeUndefined();
  });
});
