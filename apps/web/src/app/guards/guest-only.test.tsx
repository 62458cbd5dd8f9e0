import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { UserAnswerSchema } from '@shopper/contract';
import { AUTH_TOKEN_KEY } from '../../lib/session.ts';
import { buildUser, jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { GuestOnly } from './guest-only.tsx';

function signIn() {
  localStorage.setItem(AUTH_TOKEN_KEY, 'token');
  stubApi({
    'GET /api/users/me': () => jsonResponse(200, UserAnswerSchema.parse({ success: true, user: buildUser() })),
  });
}

function renderAt(entry: string | { pathname: string; state?: unknown }) {
  return renderRoutes(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/cart', element: <p>cart page</p> },
      { element: <GuestOnly isFromAware />, children: [{ path: '/login', element: <p>login form</p> }] },
      { element: <GuestOnly />, children: [{ path: '/forgot-password', element: <p>forgot form</p> }] },
    ],
    [entry],
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('GuestOnly', () => {
  it('shows the page to a guest', async () => {
    renderAt('/login');
    expect(await screen.findByText('login form')).toBeTruthy();
  });

  it('sends a signed-in user from /login to the origin in the route state', async () => {
    signIn();
    const { router } = renderAt({ pathname: '/login', state: { from: { pathname: '/cart', search: '', hash: '' } } });
    expect(await screen.findByText('cart page')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a signed-in user from /login without an origin to /', async () => {
    signIn();
    renderAt('/login');
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('sends a signed-in user from other guest pages to /, ignoring any origin', async () => {
    signIn();
    renderAt({ pathname: '/forgot-password', state: { from: { pathname: '/cart' } } });
    expect(await screen.findByText('home page')).toBeTruthy();
  });
});
