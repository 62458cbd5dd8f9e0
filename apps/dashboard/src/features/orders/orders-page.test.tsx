import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { AdminOrdersPageSchema, GUEST_CHECKOUT_MESSAGES } from '@shopper/contract';
import { adminOrderSummary } from '../../test/orders.ts';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { OrdersPage } from './orders-page.tsx';

describe('orders list: who placed each order', () => {
  it("marks a guest's order next to the email given at checkout, and links an account's to its customer", async () => {
    stubApi({
      'GET /api/admin/orders': () =>
        json(
          200,
          AdminOrdersPageSchema.parse({
            success: true,
            items: [
              adminOrderSummary(),
              adminOrderSummary({
                id: 'o2',
                orderNumber: 'SH-10043',
                customer: { id: 'g1', email: 'grace@example.com', name: '' },
                guest: true,
              }),
            ],
            page: 1,
            pageSize: 20,
            total: 2,
          }),
        ),
    });
    renderRoutes([{ path: '/orders', element: <OrdersPage /> }], '/orders');
    const table = await screen.findByRole('table', { name: 'Orders' });

    const guest = within(table).getByRole('row', { name: /SH-10043/ });
    expect(within(guest).getByText('grace@example.com')).toBeTruthy();
    expect(within(guest).getByText(GUEST_CHECKOUT_MESSAGES.guestMarker)).toBeTruthy();
    // No customer's page stands behind a guest's address.
    expect(within(guest).queryByRole('link', { name: 'grace@example.com' })).toBeNull();

    const account = within(table).getByRole('row', { name: /SH-10042/ });
    expect(within(account).getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe('/customers/c1');
    expect(within(account).queryByText(GUEST_CHECKOUT_MESSAGES.guestMarker)).toBeNull();
  });
});
