import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES, GUEST_CHECKOUT_MESSAGES, type AdminOrder } from '@shopper/contract';
import { adminOrder } from '../../test/orders.ts';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { OrderPage } from './order-page.tsx';

const REASON = 'Stripe: Charge ch_1 has been disputed; cannot refund.';

const REASON_REFUND = {
  id: 'r1',
  amount: 43.2,
  taxAmount: 3.2,
  shippingAmount: 0,
  reason: 'Order cancelled',
  status: 'failed' as const,
  providerRefundId: null,
  lastError: REASON,
  attempts: 1,
  createdAt: '2026-11-20T11:00:00.000Z',
};

/** A cancelled order whose refund the provider refused. */
function order(refund: Partial<AdminOrder['refunds'][number]>, items: unknown[] = []): AdminOrder {
  return adminOrder({
    items: items as AdminOrder['items'],
    timeline: [
      { kind: 'placed', actor: null, data: {}, createdAt: '2026-11-20T10:00:00.000Z' },
      {
        kind: 'refund-failed',
        actor: null,
        data: { amount: 43.2, error: REASON },
        createdAt: '2026-11-20T11:00:00.000Z',
      },
    ],
    refunds: [{ ...REASON_REFUND, ...refund }],
  });
}

describe('order detail: a failed refund', () => {
  it("shows the provider's reason, retries once on confirmation, and then shows it refunded", async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/admin/orders/o1': () => json(200, { success: true, order: order({}) }),
      'POST /api/admin/orders/o1/refunds/r1/retry': () =>
        json(200, {
          success: true,
          message: ADMIN_MESSAGES.refundRetried('SH-10042', '$43.20'),
          order: { ...order({ status: 'succeeded', lastError: null, attempts: 2 }), refundedAmount: 43.2 },
        }),
    });
    renderRoutes([{ path: '/orders/:id', element: <OrderPage /> }], '/orders/o1');

    const refunds = await screen.findByRole('list', { name: 'Refunds' });
    expect(within(refunds).getByText(REASON)).toBeTruthy();
    expect(within(refunds).getByText('failed')).toBeTruthy();
    expect(within(refunds).getByText('tax $3.20 · shipping $0.00')).toBeTruthy();
    // The timeline tells the reason too.
    expect(screen.getAllByText(new RegExp(REASON.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).length).toBe(2);

    await user.click(within(refunds).getByRole('button', { name: 'Retry refund' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Retry now' }));

    expect(await within(refunds).findByText('succeeded')).toBeTruthy();
    expect(within(refunds).queryByRole('button', { name: 'Retry refund' })).toBeNull();
    expect(within(refunds).queryByText(REASON)).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/admin/orders/o1/refunds/r1/retry',
    ]);
  });
});

describe('order detail: its lines', () => {
  const line = (id: string, colourName: string) => ({
    _id: id,
    productId: 'p1',
    name: 'Linen Shirt',
    image: '/images/products/shirt.svg',
    size: 'M',
    colourId: colourName ? 'c2' : null,
    colourName,
    quantity: 2,
    price: 20,
    taxRate: 8,
    taxAmount: 3.2,
  });

  it('name the colour bought, and say nothing of one for a line without', async () => {
    stubApi({
      'GET /api/admin/orders/o1': () =>
        json(200, { success: true, order: order({}, [line('i1', 'Sage'), line('i2', '')]) }),
    });
    renderRoutes([{ path: '/orders/:id', element: <OrderPage /> }], '/orders/o1');
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(within(items).getByText('Linen Shirt · Sage · M × 2')).toBeTruthy();
    expect(within(items).getByText('Linen Shirt · M × 2')).toBeTruthy();
  });
});

describe('order detail: who placed it', () => {
  it("marks a guest's order next to the email given at checkout, without a link to a customer's page", async () => {
    stubApi({
      'GET /api/admin/orders/o1': () =>
        json(200, {
          success: true,
          order: adminOrder({ customer: { id: 'g1', email: 'grace@example.com', name: '' }, guest: true }),
        }),
    });
    renderRoutes([{ path: '/orders/:id', element: <OrderPage /> }], '/orders/o1');
    expect(await screen.findByText('grace@example.com')).toBeTruthy();
    expect(screen.getByText(GUEST_CHECKOUT_MESSAGES.guestMarker)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'grace@example.com' })).toBeNull();
  });

  it("links an account's order to its customer, unmarked", async () => {
    stubApi({
      'GET /api/admin/orders/o1': () =>
        json(200, {
          success: true,
          order: adminOrder({ customer: { id: 'c1', email: 'ada@example.com', name: 'Ada Lovelace' } }),
        }),
    });
    renderRoutes([{ path: '/orders/:id', element: <OrderPage /> }], '/orders/o1');
    const link = await screen.findByRole('link', { name: 'ada@example.com' });
    expect(link.getAttribute('href')).toBe('/customers/c1');
    expect(screen.queryByText(GUEST_CHECKOUT_MESSAGES.guestMarker)).toBeNull();
  });
});
