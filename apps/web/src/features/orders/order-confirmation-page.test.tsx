import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import {
  AFTER_PURCHASE_MESSAGES as A,
  CHECKOUT_MESSAGES as M,
  GUEST_CHECKOUT_MESSAGES as G,
  OrderAnswerSchema,
} from '@shopper/contract';
import { errorBody, jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { buildOrder, buildOrderWithColours, recordedRequests, signedInRoutes } from '../../test/shop-fixtures.ts';
import { OrderConfirmationPage } from './order-confirmation-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const orderAnswer = (overrides = {}) =>
  jsonResponse(200, OrderAnswerSchema.parse({ success: true, order: buildOrder(overrides) }));

function renderAt(id: string, routes: Parameters<typeof stubApi>[0]) {
  stubApi({ ...signedInRoutes(), ...routes });
  return renderRoutes(
    [{ path: '/order-confirmation/:orderId', element: <OrderConfirmationPage /> }],
    [`/order-confirmation/${id}`],
  );
}

describe('OrderConfirmationPage', () => {
  it('shows the thank-you header, the tracker at Processing and the way on', async () => {
    renderAt('order-1', { 'GET /api/payment/order/order-1': () => orderAnswer() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
    expect(screen.getByText('#SH-10001')).toBeTruthy();
    expect(screen.getByText('Processing', { selector: 'li *' }).closest('li')?.dataset.reached).toBe('true');
    expect(screen.getByText(/VISA •••• 4242/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All Orders' }).getAttribute('href')).toBe('/account/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop');
    expect(screen.getByRole('button', { name: A.cancelOrder })).toBeTruthy();
    expect(screen.queryByText(G.guestOrderNote)).toBeNull();
    expect(screen.queryByRole('link', { name: G.createAccountAction })).toBeNull();
  });

  it('names the colour bought of a line that has one (decision 043)', async () => {
    renderAt('order-1', {
      'GET /api/payment/order/order-1': () =>
        jsonResponse(200, OrderAnswerSchema.parse({ success: true, order: buildOrderWithColours() })),
    });
    const items = within(await screen.findByRole('region', { name: 'Items' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('small')?.textContent)).toEqual([
      'Sage · Size M · Qty 1',
      'Size M · Qty 1',
    ]);
  });

  it('shows a shipped order moved on, with its carrier and a tracking link', async () => {
    renderAt('order-1', {
      'GET /api/payment/order/order-1': () =>
        orderAnswer({
          orderStatus: 'Shipped',
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
          shippedAt: '2026-11-22T12:00:00.000Z',
        }),
    });
    const tracker = await screen.findByRole('list', { name: 'Order progress' });
    expect(within(tracker).getByText('Shipped').closest('li')?.dataset.reached).toBe('true');
    expect(within(tracker).getByText('Delivered').closest('li')?.dataset.reached).toBe('false');
    const shipping = screen.getByRole('region', { name: 'Shipping Information' });
    expect(within(shipping).getByText('UPS')).toBeTruthy();
    expect(
      within(shipping)
        .getByRole('link', { name: /1Z999AA10123456784/ })
        .getAttribute('href'),
    ).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('shows what a return gave back on a delivered order', async () => {
    renderAt('order-1', {
      'GET /api/payment/order/order-1': () =>
        orderAnswer({
          orderStatus: 'Delivered',
          deliveredAt: '2026-11-23T12:00:00.000Z',
          refundedAmount: 10,
          refunds: [{ amount: 10, taxAmount: 0.74, shippingAmount: 0, createdAt: '2026-11-25T12:00:00.000Z' }],
          paymentInfo: { paymentMethod: 'card', status: 'partially_refunded', brand: 'visa', last4: '4242' },
        }),
    });
    const payment = await screen.findByRole('region', { name: 'Payment Information' });
    expect(within(payment).getByText('Partially refunded')).toBeTruthy();
    expect(within(payment).getByText('Refunded').nextElementSibling?.textContent).toBe('$10.00');
    const refunds = within(payment).getByRole('list', { name: 'Refunds' });
    expect(refunds.textContent).toBe('November 25, 2026$10.00');
    expect(screen.getByText('Delivered', { selector: 'li *' }).closest('li')?.dataset.reached).toBe('true');
  });

  it('finds the order by its payment intent when the id starts with pi_', async () => {
    renderAt('pi_123', {
      'GET /api/payment/order-by-payment/pi_123': () =>
        orderAnswer({
          orderStatus: 'Cancelled',
          cancelledAt: '2026-11-22T12:00:00.000Z',
          refundedAmount: 21.6,
          refunds: [{ amount: 21.6, taxAmount: 1.6, shippingAmount: 0, createdAt: '2026-11-22T12:00:00.000Z' }],
          paymentInfo: { paymentMethod: 'card', status: 'refunded', brand: 'visa', last4: '4242' },
        }),
    });
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Order progress' })).toBeNull();
    expect(
      screen.getByText('This order was cancelled on November 22, 2026. $21.60 refunded to your card.'),
    ).toBeTruthy();
    expect(screen.getByText('Refunded', { selector: 'dd' })).toBeTruthy();
  });

  it('says when the order cannot be found', async () => {
    renderAt('nope', {
      'GET /api/payment/order/nope': () => jsonResponse(404, errorBody('NOT_FOUND', M.orderNotFound)),
    });
    expect(await screen.findByText(M.orderNotFound)).toBeTruthy();
  });
});

describe('OrderConfirmationPage without an account (docs/product.md#guest-checkout)', () => {
  function SignupProbe() {
    const email = (useLocation().state as { email?: string } | null)?.email;
    return <p>signup for {email ?? 'nobody'}</p>;
  }

  function renderAsGuest(
    entry: string | { pathname: string; search?: string; state?: unknown },
    routes: Parameters<typeof stubApi>[0],
  ) {
    const fetchFake = stubApi(routes);
    renderRoutes(
      [
        { path: '/order-confirmation/:orderId', element: <OrderConfirmationPage /> },
        { path: '/signup', element: <SignupProbe /> },
      ],
      [entry],
    );
    return fetchFake;
  }

  it('shows the guest who just paid the note and an invitation to create an account with the email given', async () => {
    renderAsGuest(
      { pathname: '/order-confirmation/order-1', state: { guestEmail: 'grace@example.com' } },
      { 'GET /api/payment/order/order-1': () => orderAnswer() },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
    expect(screen.getByText(G.guestOrderNote)).toBeTruthy();
    const panel = screen.getByRole('region', { name: G.createAccountTitle });
    expect(within(panel).getByText(G.createAccountPrompt('grace@example.com'))).toBeTruthy();
    expect(within(panel).getByRole('link', { name: G.createAccountAction }).getAttribute('href')).toBe('/signup');
    // Cancelling, returns and the order history need an account.
    expect(screen.queryByRole('button', { name: A.cancelOrder })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View All Orders' })).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).queryByText('Order History')).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop');

    await userEvent.click(within(panel).getByRole('link', { name: G.createAccountAction }));
    expect(await screen.findByText('signup for grace@example.com')).toBeTruthy();
  });

  it('reads the order with the key of its link and keeps the key on the receipt link', async () => {
    const fetchFake = renderAsGuest('/order-confirmation/order-1?key=signed-key', {
      'GET /api/payment/order/order-1': () => orderAnswer(),
    });
    expect(await screen.findByText('#SH-10001')).toBeTruthy();
    expect(screen.getByText(G.createAccountPromptWithoutEmail)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Print receipt' }).getAttribute('href')).toBe(
      '/order-confirmation/order-1/receipt?key=signed-key',
    );
    const read = recordedRequests(fetchFake).find((request) => request.url.pathname === '/api/payment/order/order-1');
    expect(read?.url.searchParams.get('key')).toBe('signed-key');
  });

  it('says when the key is refused, and offers the lookup instead', async () => {
    renderAsGuest('/order-confirmation/order-1?key=forged', {
      'GET /api/payment/order/order-1': () => jsonResponse(404, errorBody('NOT_FOUND', G.accessKeyInvalid)),
    });
    expect(await screen.findByText(G.accessKeyInvalid)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Order Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: G.lookupTitle }).getAttribute('href')).toBe('/order-lookup');
  });
});
