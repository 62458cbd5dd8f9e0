import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type Location } from 'react-router';
import { AUTH_TOKEN_KEY, LOGGED_OUT_KEY } from '../../lib/session.ts';
import { RequireAuth } from './require-auth.tsx';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  return <p>login page, from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      {
        element: <RequireAuth />,
        children: [{ path: '/account/orders', element: <p>orders page</p> }],
      },
    ],
    { initialEntries: ['/', path], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RequireAuth', () => {
  it('sends a visitor without a session to /login, replacing history and keeping the origin', async () => {
    const router = renderAt('/account/orders?page=2');
    expect(await screen.findByText('login page, from /account/orders?page=2')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('treats a token under the logged-out marker as no session', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    localStorage.setItem(LOGGED_OUT_KEY, 'true');
    renderAt('/account/orders');
    expect(await screen.findByText(/login page/)).toBeTruthy();
  });

  it('renders the protected page when a token is stored', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    renderAt('/account/orders');
    expect(await screen.findByText('orders page')).toBeTruthy();
  });
});
