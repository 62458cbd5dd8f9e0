import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { markGuestCart, shopPaymentConfigQueryKey } from '../../lib/guest-checkout.ts';
import { jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import {
  buildCart,
  buildCartItem,
  cartAnswer,
  paymentConfigAnswer,
  recordedRequests,
  signedInRoutes,
} from '../../test/shop-fixtures.ts';
import { Header } from './header.tsx';

afterEach(() => vi.unstubAllGlobals());

const guestCheckoutOn = () => jsonResponse(200, paymentConfigAnswer('test', { guestCheckout: true }));
const twoItems = () => jsonResponse(200, cartAnswer(buildCart([buildCartItem({ quantity: 2 })])));

function renderHeader() {
  return renderRoutes([{ path: '/', element: <Header /> }], ['/']);
}

const paths = (fetchFake: Parameters<typeof recordedRequests>[0]) =>
  recordedRequests(fetchFake).map((request) => request.url.pathname);

describe('the header’s cart for a visitor without a session (decision 072)', () => {
  it('counts the guest cart beside Login and Signup once the guest has filled one', async () => {
    markGuestCart();
    stubApi({ 'GET /api/payment/config': guestCheckoutOn, 'GET /api/cart': twoItems });
    renderHeader();
    const links = await screen.findAllByRole('link', { name: 'Cart, 2 items' });
    expect(links[0]?.getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Signup' })).toBeTruthy();
  });

  it('costs no request, and shows no cart, for a visitor who never filled a guest cart', async () => {
    const fetchFake = stubApi({ 'GET /api/payment/config': guestCheckoutOn, 'GET /api/cart': twoItems });
    renderHeader();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
    expect(fetchFake).not.toHaveBeenCalled();
  });

  it('shows no cart, and reads none, once the owner has turned guest checkout off', async () => {
    markGuestCart();
    const fetchFake = stubApi({
      'GET /api/payment/config': () => jsonResponse(200, paymentConfigAnswer()),
      'GET /api/cart': twoItems,
    });
    const { queryClient } = renderHeader();
    await waitFor(() => expect(queryClient.getQueryState(shopPaymentConfigQueryKey)?.status).toBe('success'));
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
    expect(paths(fetchFake)).toEqual(['/api/payment/config']);
  });

  it('counts a signed-in customer’s cart without asking for the shop’s setting', async () => {
    markGuestCart();
    const fetchFake = stubApi({ ...signedInRoutes(), 'GET /api/cart': twoItems });
    renderHeader();
    expect((await screen.findAllByRole('link', { name: 'Cart, 2 items' })).length).toBeGreaterThan(0);
    expect(paths(fetchFake)).not.toContain('/api/payment/config');
  });
});
