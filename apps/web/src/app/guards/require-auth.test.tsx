import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useLocation, type Location } from 'react-router';
import { UserAnswerSchema } from '@shopper/contract';
import { setLogoutTransition } from '../../lib/logout-transition.ts';
import { AUTH_TOKEN_KEY, LOGGED_OUT_KEY } from '../../lib/session.ts';
import { buildUser, jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { RequireAuth } from './require-auth.tsx';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  return <p>login page, from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginProbe /> },
      { element: <RequireAuth />, children: [{ path: '/account/orders', element: <p>orders page</p> }] },
    ],
    ['/', path],
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setLogoutTransition(false);
});

describe('RequireAuth', () => {
  it('sends a visitor without a session to /login, replacing history and keeping the origin', async () => {
    const { router } = renderAt('/account/orders?page=2');
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

  it('shows a loading state while the user loads, then the protected page', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    let answer: (response: Response) => void = () => undefined;
    stubApi({ 'GET /api/users/me': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt('/account/orders');
    expect(await screen.findByRole('status')).toBeTruthy();
    answer(jsonResponse(200, UserAnswerSchema.parse({ success: true, user: buildUser() })));
    expect(await screen.findByText('orders page')).toBeTruthy();
  });

  it('sends to /login when the stored token no longer loads a user', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    stubApi({
      'GET /api/users/me': () => jsonResponse(401, { success: false, code: 'UNAUTHENTICATED', message: 'Expired' }),
      'POST /api/users/refresh-token': () =>
        jsonResponse(401, { success: false, code: 'UNAUTHENTICATED', message: 'Expired' }),
    });
    renderAt('/account/orders');
    expect(await screen.findByText('login page, from /account/orders')).toBeTruthy();
  });

  it('leaves the way to / to a logout under way, then sends to /login once it is over', async () => {
    setLogoutTransition(true);
    const { router } = renderAt('/account/orders');
    await act(() => router.navigate('/account/orders', { replace: true }));
    expect(router.state.location.pathname).toBe('/account/orders');
    expect(screen.queryByText('orders page')).toBeNull();
    act(() => setLogoutTransition(false));
    expect(await screen.findByText('login page, from /account/orders')).toBeTruthy();
  });
});
