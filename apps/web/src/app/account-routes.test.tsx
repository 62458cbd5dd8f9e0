import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { errorBody, jsonResponse, stubApi } from '../test/account-fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { routes } from './router.tsx';

// Every account page loads through its lazy route and shows its heading to a guest.
const PAGES: [path: string, heading: string | RegExp][] = [
  ['/login', UI.loginTitle],
  ['/signup', UI.signupTitle],
  ['/forgot-password', 'Forgot Password'],
  ['/reset-password/abcdefghijklmnop', 'Reset Password'],
  ['/reset-password', 'Reset Password'],
  ['/verify-email', 'Email Verification'],
  ['/verify', 'Email Verification'],
  ['/verify-pending', UI.almostThere],
  ['/admin', 'Admin Access'],
  ['/dev/mailbox', 'Dev Mailbox'],
];

afterEach(() => vi.unstubAllGlobals());

describe('account routes', () => {
  it.each(PAGES)('%s renders its page', async (path, heading) => {
    vi.stubGlobal('scrollTo', vi.fn());
    stubApi({ 'GET /api/dev/mailbox': () => jsonResponse(404, errorBody('NOT_FOUND', 'Not found')) });
    renderRoutes(routes, [path]);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('shows the reset page the missing-token message', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    renderRoutes(routes, ['/reset-password']);
    expect(await screen.findByText(UI.invalidResetToken)).toBeTruthy();
  });

  it('shows the reset page’s Invalid reset token for a short token (docs/product.md#reset-tokens)', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    renderRoutes(routes, ['/reset-password/abc']);
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetTokenInvalid)).toBeTruthy();
  });

  it('says the dev mailbox is off when the server answers 404', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    stubApi({ 'GET /api/dev/mailbox': () => jsonResponse(404, errorBody('NOT_FOUND', 'Not found')) });
    renderRoutes(routes, ['/dev/mailbox']);
    expect(await screen.findByText(UI.devMailboxOff)).toBeTruthy();
  });
});
