import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminCustomersPageSchema } from '@shopper/contract';
import { customerSummary } from '../../test/customers.ts';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { CustomersPage } from './customers-page.tsx';

describe('customers list', () => {
  it('asks the server for the search, filter, sort and page the URL names, and shows status and figures', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/admin/customers': ({ url }) =>
        json(
          200,
          AdminCustomersPageSchema.parse({
            success: true,
            items: [
              customerSummary(),
              customerSummary({
                id: 'c2',
                email: 'bob@example.com',
                name: 'Bob Stone',
                status: 'disabled',
                role: 'staff',
                orderCount: 0,
                lifetimeSpend: 0,
                lastOrderAt: null,
              }),
            ],
            page: Number(url.searchParams.get('page') ?? 1),
            pageSize: 20,
            total: 42,
          }),
        ),
    });
    const { router } = renderRoutes(
      [{ path: '/customers', element: <CustomersPage /> }],
      '/customers?page=3&status=banned',
    );
    const table = await screen.findByRole('table', { name: 'Customers' });
    // An unknown status is dropped; the valid page is kept.
    expect(calls.at(-1)?.url.searchParams.get('page')).toBe('3');
    expect(calls.at(-1)?.url.searchParams.has('status')).toBe(false);
    expect(screen.getByText('41–42 of 42')).toBeTruthy();

    const ada = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(within(ada).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/customers/c1');
    expect(within(ada).getByText('Active')).toBeTruthy();
    expect(within(ada).getByText('$1,234.50')).toBeTruthy();
    const bob = within(table).getByRole('row', { name: /Bob Stone/ });
    expect(within(bob).getByText('Disabled')).toBeTruthy();
    expect(within(bob).getByText('Staff')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: /Lifetime spend/ }));
    expect(router.state.location.search).toBe('?status=banned&sort=lifetimeSpend&dir=desc');
    expect(calls.at(-1)?.url.searchParams.get('sort')).toBe('lifetimeSpend');
    await user.click(within(table).getByRole('button', { name: /Orders/ }));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('orderCount');

    await user.selectOptions(screen.getByLabelText('Status'), 'disabled');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('disabled');
    await user.type(screen.getByRole('searchbox', { name: 'Email or name' }), 'ada@{Enter}');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('ada@');
    expect(calls.at(-1)?.url.searchParams.get('q')).toBe('ada@');
    expect(calls.at(-1)?.url.searchParams.get('status')).toBe('disabled');
  });
});
