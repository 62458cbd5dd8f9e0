import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_UI_MESSAGES as UI,
  AUTH_TOKEN_STORAGE_KEY,
  LOGGED_OUT_STORAGE_KEY,
  MESSAGES,
} from '@shopper/contract/plain';
import { CartSyncAnswerSchema } from '@shopper/contract';
import { Header } from '../../../app/layout/header.tsx';
import { hasGuestCart, markGuestCart } from '../../../lib/guest-checkout.ts';
import { authAnswer, errorBody, jsonResponse, stubApi } from '../../../test/account-fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { buildCart, buildCartItem, recordedRequests } from '../../../test/shop-fixtures.ts';
import { LoginForm } from './login-form.tsx';

function renderLogin(from?: string) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '/', element: <p>home page</p> },
      {
        path: '/account/orders',
        element: (
          <>
            <Header />
            <p>orders page</p>
          </>
        ),
      },
    ],
    [{ pathname: '/login', state: from ? { from: { pathname: from, search: '', hash: '' } } : null }],
  );
}

async function submit(email = 'ada@example.com', password = 'Secret12!') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginForm', () => {
  it('checks only that email and password are given', async () => {
    const fake = stubApi({});
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordRequired)).toBeTruthy();
    expect(fake).not.toHaveBeenCalled();
  });

  it('stores the token, clears the logged-out marker and goes back to the origin', async () => {
    localStorage.setItem(LOGGED_OUT_STORAGE_KEY, 'true');
    stubApi({ 'POST /api/users/login': () => jsonResponse(200, authAnswer(undefined, 'tok-1')) });
    renderLogin('/account/orders');
    await submit();
    expect(await screen.findByText('orders page')).toBeTruthy();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(localStorage.getItem(LOGGED_OUT_STORAGE_KEY)).toBeNull();
  });

  it('merges the guest cart this browser filled into the account, and the header counts the merged cart', async () => {
    markGuestCart();
    const merged = buildCart([buildCartItem({ quantity: 3 })]);
    const fake = stubApi({
      'POST /api/users/login': () => jsonResponse(200, authAnswer(undefined, 'tok-1')),
      'POST /api/cart/sync': () =>
        jsonResponse(200, CartSyncAnswerSchema.parse({ success: true, cart: merged, skipped: [], adjusted: [] })),
    });
    renderLogin('/account/orders');
    await submit();
    expect(await screen.findByText('orders page')).toBeTruthy();
    expect((await screen.findAllByRole('link', { name: 'Cart, 3 items' })).length).toBeGreaterThan(0);
    const syncs = recordedRequests(fake).filter((request) => request.url.pathname === '/api/cart/sync');
    expect(syncs.map((request) => request.body)).toEqual([{ items: [] }]);
    expect(syncs[0]?.headers['auth-token']).toBe('tok-1');
    expect(recordedRequests(fake).filter((request) => request.url.pathname === '/api/cart')).toEqual([]);
    expect(hasGuestCart()).toBe(false);
  });

  it('merges nothing when this browser filled no guest cart', async () => {
    const fake = stubApi({ 'POST /api/users/login': () => jsonResponse(200, authAnswer(undefined, 'tok-1')) });
    renderLogin('/account/orders');
    await submit();
    expect(await screen.findByText('orders page')).toBeTruthy();
    expect(recordedRequests(fake).map((request) => request.url.pathname)).not.toContain('/api/cart/sync');
  });

  it('logs in when the merge fails, silently, and keeps the guest cart to merge at the next login', async () => {
    markGuestCart();
    stubApi({
      'POST /api/users/login': () => jsonResponse(200, authAnswer(undefined, 'tok-1')),
      'POST /api/cart/sync': () => jsonResponse(500, errorBody('INTERNAL', 'Something went wrong')),
    });
    renderLogin('/account/orders');
    await submit();
    expect(await screen.findByText('orders page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(hasGuestCart()).toBe(true);
  });

  it("shows the server's message as the general error, without a refresh attempt", async () => {
    const fake = stubApi({
      'POST /api/users/login': () =>
        jsonResponse(401, errorBody('UNAUTHENTICATED', ACCOUNT_MESSAGES.invalidCredentials)),
    });
    renderLogin();
    await submit();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', ACCOUNT_MESSAGES.invalidCredentials);
    expect(fake).toHaveBeenCalledTimes(1);
  });

  it('maps field errors to their fields', async () => {
    stubApi({
      'POST /api/users/login': () =>
        jsonResponse(
          400,
          errorBody('VALIDATION_FAILED', MESSAGES.validationFailed, [
            { param: 'email', msg: 'Please enter a valid email' },
          ]),
        ),
    });
    renderLogin();
    await submit('someone@example', 'x');
    const message = await screen.findByText('Please enter a valid email');
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toContain(message.id);
  });

  it("uses the transport message for a network failure, 'Login failed. Please try again.' without one", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderLogin();
    await submit();
    expect(await screen.findByText(MESSAGES.network)).toBeTruthy();
  });

  it("falls back to 'Login failed. Please try again.' when the server gives no reason", async () => {
    stubApi({ 'POST /api/users/login': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    renderLogin();
    await submit();
    expect(await screen.findByText(UI.loginFailed)).toBeTruthy();
  });
});
