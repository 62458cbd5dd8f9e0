import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { CHECKOUT_MESSAGES as M, OrderAnswerSchema } from '@shopper/contract';
import { errorBody, jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { buildOrder, signedInRoutes } from '../../test/shop-fixtures.ts';
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
  });

  it('finds the order by its payment intent when the id starts with pi_', async () => {
    renderAt('pi_123', { 'GET /api/payment/order-by-payment/pi_123': () => orderAnswer({ orderStatus: 'Cancelled' }) });
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Order progress' })).toBeNull();
  });

  it('says when the order cannot be found', async () => {
    renderAt('nope', {
      'GET /api/payment/order/nope': () => jsonResponse(404, errorBody('NOT_FOUND', M.orderNotFound)),
    });
    expect(await screen.findByText(M.orderNotFound)).toBeTruthy();
  });
});
