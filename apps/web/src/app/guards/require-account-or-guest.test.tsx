import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useLocation, type Location } from 'react-router';
import { UserAnswerSchema } from '@shopper/contract';
import { AUTH_TOKEN_KEY } from '../../lib/session.ts';
import { buildUser, errorBody, jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { paymentConfigAnswer } from '../../test/shop-fixtures.ts';
import { RequireAccountOrGuest, RequireAccountOrOrderKey } from './require-account-or-guest.tsx';
import { RequireVerified } from './require-verified.tsx';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  return <p>login page, from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginProbe /> },
      { path: '/verify-pending', element: <p>verify pending page</p> },
      {
        element: <RequireAccountOrGuest />,
        children: [{ element: <RequireVerified />, children: [{ path: '/checkout', element: <p>checkout page</p> }] }],
      },
      {
        element: <RequireAccountOrOrderKey />,
        children: [{ path: '/order-confirmation/:orderId', element: <p>order page</p> }],
      },
    ],
    ['/', path],
  );
}

const guestCheckout = (isOn: boolean) => ({
  'GET /api/payment/config': () => jsonResponse(200, paymentConfigAnswer('test', { guestCheckout: isOn })),
});

afterEach(() => vi.unstubAllGlobals());

describe('RequireAccountOrGuest', () => {
  it('lets a visitor without a session check out while the owner allows guests', async () => {
    stubApi(guestCheckout(true));
    renderAt('/checkout');
    expect(await screen.findByText('checkout page')).toBeTruthy();
  });

  it('sends a visitor without a session to /login, replacing history and keeping the origin, when guests may not check out', async () => {
    stubApi(guestCheckout(false));
    const { router } = renderAt('/checkout');
    expect(await screen.findByText('login page, from /checkout')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends to /login when the setting cannot be read', async () => {
    stubApi({ 'GET /api/payment/config': () => jsonResponse(500, errorBody('INTERNAL', 'Down')) });
    renderAt('/checkout');
    expect(await screen.findByText('login page, from /checkout')).toBeTruthy();
  });

  it('still asks a signed-in customer to verify the email first', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    const user = buildUser({ isEmailVerified: false, emailVerified: false, status: 'unverified' });
    stubApi({ 'GET /api/users/me': () => jsonResponse(200, UserAnswerSchema.parse({ success: true, user })) });
    renderAt('/checkout');
    expect(await screen.findByText('verify pending page')).toBeTruthy();
  });
});

describe('RequireAccountOrOrderKey', () => {
  it('opens an order page with its key to anyone, whatever the setting', async () => {
    stubApi(guestCheckout(false));
    renderAt('/order-confirmation/order-1?key=abc');
    expect(await screen.findByText('order page')).toBeTruthy();
  });

  it('sends a visitor without a session or key to /login when guests may not check out', async () => {
    stubApi(guestCheckout(false));
    renderAt('/order-confirmation/order-1');
    expect(await screen.findByText('login page, from /order-confirmation/order-1')).toBeTruthy();
  });

  it('lets the guest who paid read the order while the setting is on', async () => {
    stubApi(guestCheckout(true));
    renderAt('/order-confirmation/order-1');
    expect(await screen.findByText('order page')).toBeTruthy();
  });
});
