import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ACCOUNT_UI_MESSAGES as UI, GUEST_CHECKOUT_MESSAGES as G, OrderAnswerSchema } from '@shopper/contract';
import { jsonResponse, stubApi } from '../test/account-fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { buildOrder, paymentConfigAnswer } from '../test/shop-fixtures.ts';
import { routes } from './router.tsx';

// The pages of docs/product.md#guest-checkout load through their lazy routes and guards.
function renderApp(path: string, { isGuestCheckoutOn }: { isGuestCheckoutOn: boolean }) {
  vi.stubGlobal('scrollTo', vi.fn());
  stubApi({
    'GET /api/payment/config': () =>
      jsonResponse(200, paymentConfigAnswer('test', { guestCheckout: isGuestCheckoutOn })),
    'GET /api/payment/order/order-1': () =>
      jsonResponse(200, OrderAnswerSchema.parse({ success: true, order: buildOrder() })),
  });
  return renderRoutes(routes, [path]);
}

afterEach(() => vi.unstubAllGlobals());

describe('guest checkout routes', () => {
  it('opens the order lookup to anyone, linked from the footer', async () => {
    renderApp('/order-lookup', { isGuestCheckoutOn: false });
    expect(await screen.findByRole('heading', { level: 1, name: G.lookupTitle })).toBeTruthy();
    const help = screen.getByRole('navigation', { name: 'Footer: Help' });
    expect(within(help).getByRole('link', { name: G.lookupTitle }).getAttribute('href')).toBe('/order-lookup');
  });

  it('sends a visitor to the login from /checkout while guests may not check out', async () => {
    const { router } = renderApp('/checkout', { isGuestCheckoutOn: false });
    expect(await screen.findByRole('heading', { level: 1, name: UI.loginTitle })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens /checkout to a visitor while guests may check out', async () => {
    const { router } = renderApp('/checkout', { isGuestCheckoutOn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('opens an order from its link’s key with the setting off', async () => {
    renderApp('/order-confirmation/order-1?key=signed-key', { isGuestCheckoutOn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
    expect(screen.getByText(G.guestOrderNote)).toBeTruthy();
  });
});
