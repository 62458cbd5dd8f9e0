import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { ACCOUNT_MESSAGES, AUTH_TOKEN_STORAGE_KEY } from '@shopper/contract/plain';
import { CartSyncAnswerSchema } from '@shopper/contract';
import { hasGuestCart, markGuestCart } from '../../../lib/guest-checkout.ts';
import { authAnswer, buildUser, errorBody, jsonResponse, stubApi } from '../../../test/account-fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { buildCart, recordedRequests } from '../../../test/shop-fixtures.ts';
import { SignupForm } from './signup-form.tsx';

function PendingProbe() {
  const location = useLocation();
  return <p>pending for {(location.state as { email: string }).email}</p>;
}

function renderSignup() {
  return renderRoutes(
    [
      { path: '/signup', element: <SignupForm /> },
      { path: '/verify-pending', element: <PendingProbe /> },
    ],
    ['/signup'],
  );
}

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret12!');
  await user.type(screen.getByLabelText('Confirm Password'), 'Secret12!');
}

afterEach(() => vi.unstubAllGlobals());

describe('SignupForm', () => {
  it('starts with the email a guest order page sent along (docs/product.md#guest-checkout)', () => {
    renderRoutes(
      [{ path: '/signup', element: <SignupForm /> }],
      [{ pathname: '/signup', state: { email: 'grace@example.com' } }],
    );
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'grace@example.com');
  });

  it('enables Create Account only when every field is filled and the terms are ticked', async () => {
    const user = userEvent.setup();
    renderSignup();
    const submit = screen.getByRole('button', { name: 'Create Account' });
    expect(submit).toHaveProperty('disabled', true);
    await fillAll(user);
    expect(submit).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    expect(submit).toHaveProperty('disabled', false);
    // The phone is optional.
    expect(screen.getByLabelText(/Phone/)).toHaveProperty('required', false);
    await user.clear(screen.getByLabelText('Name'));
    expect(submit).toHaveProperty('disabled', true);
  });

  it('links the terms to the Terms page, in a new tab so the form keeps what was typed', () => {
    renderSignup();
    const link = screen.getByRole('link', { name: 'terms and conditions' });
    expect(link.getAttribute('href')).toBe('/pages/terms');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows the terms message when the box is unticked again', async () => {
    const user = userEvent.setup();
    renderSignup();
    const terms = screen.getByRole('checkbox', { name: /terms and conditions/ });
    await user.click(terms);
    expect(screen.queryByText(ACCOUNT_MESSAGES.termsRequired)).toBeNull();
    await user.click(terms);
    expect(await screen.findByText(ACCOUNT_MESSAGES.termsRequired)).toBeTruthy();
    expect(terms.getAttribute('aria-describedby')).toBe(screen.getByText(ACCOUNT_MESSAGES.termsRequired).id);
  });

  it('stores the session and goes to /verify-pending with the email', async () => {
    const user = userEvent.setup();
    const fake = stubApi({
      'POST /api/users/signup': () =>
        jsonResponse(
          201,
          authAnswer(
            buildUser({ email: 'ada@example.com', isEmailVerified: false, emailVerified: false, status: 'unverified' }),
            'tok-new',
          ),
        ),
    });
    const { router } = renderSignup();
    await fillAll(user);
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('pending for ada@example.com')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok-new');
    expect(fake.mock.calls[0]![1]?.body).toContain('"acceptTerms":true');
  });

  it('merges the guest cart this browser filled into the new account', async () => {
    markGuestCart();
    const user = userEvent.setup();
    const fake = stubApi({
      'POST /api/users/signup': () => jsonResponse(201, authAnswer(buildUser(), 'tok-new')),
      'POST /api/cart/sync': () =>
        jsonResponse(200, CartSyncAnswerSchema.parse({ success: true, cart: buildCart(), skipped: [], adjusted: [] })),
    });
    renderSignup();
    await fillAll(user);
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('pending for ada@example.com')).toBeTruthy();
    const syncs = recordedRequests(fake).filter((request) => request.url.pathname === '/api/cart/sync');
    expect(syncs.map((request) => [request.body, request.headers['auth-token']])).toEqual([[{ items: [] }, 'tok-new']]);
    expect(hasGuestCart()).toBe(false);
  });

  it("maps the server's field errors to their fields", async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/users/signup': () =>
        jsonResponse(
          409,
          errorBody('VALIDATION_FAILED', ACCOUNT_MESSAGES.emailTaken, [
            { param: 'email', msg: ACCOUNT_MESSAGES.emailTaken },
          ]),
        ),
    });
    renderSignup();
    await fillAll(user);
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const message = await screen.findByText(ACCOUNT_MESSAGES.emailTaken);
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toContain(message.id);
  });
});
