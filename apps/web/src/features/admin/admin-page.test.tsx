import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_UI_MESSAGES as UI,
  BackOfficeLinkAnswerSchema,
  ToggleAdminAnswerSchema,
  UserAnswerSchema,
} from '@shopper/contract';
import { AUTH_TOKEN_KEY } from '../../lib/session.ts';
import { buildUser, errorBody, jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { renderPage } from '../../test/render.tsx';
import { AdminPage } from './admin-page.tsx';

function signedInAs(isAdmin: boolean, toggle: () => Response | Promise<Response>) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'token');
  return stubApi({
    'GET /api/users/me': () =>
      jsonResponse(200, UserAnswerSchema.parse({ success: true, user: buildUser({ isAdmin }) })),
    'POST /api/users/toggle-admin': toggle,
  });
}

function toggled(isAdmin: boolean) {
  return jsonResponse(
    200,
    ToggleAdminAnswerSchema.parse({ success: true, isAdmin, message: 'ok', user: buildUser({ isAdmin }) }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminPage', () => {
  it('makes a regular user an admin and back', async () => {
    const user = userEvent.setup();
    let isAdmin = false;
    signedInAs(false, () => {
      isAdmin = !isAdmin;
      return toggled(isAdmin);
    });
    renderPage(<AdminPage />);
    expect(await screen.findByText('Regular User')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Become Admin' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.nowAdmin)).toBeTruthy();
    expect(screen.getByText('Admin')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove Admin Status' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.adminRemoved)).toBeTruthy();
    expect(screen.getByText('Regular User')).toBeTruthy();
  });

  it("shows 'Processing...' while the toggle runs", async () => {
    const user = userEvent.setup();
    signedInAs(false, () => new Promise<Response>(() => undefined));
    renderPage(<AdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Become Admin' }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true);
  });

  it("shows the server's reason when it refuses", async () => {
    const user = userEvent.setup();
    signedInAs(false, () => jsonResponse(403, errorBody('FORBIDDEN', ACCOUNT_MESSAGES.selfAdminDisabled)));
    renderPage(<AdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Become Admin' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.selfAdminDisabled)).toBeTruthy();
  });

  it("falls back to 'Failed to toggle admin status' when the server gives no reason", async () => {
    const user = userEvent.setup();
    signedInAs(false, () => new Response('', { status: 500 }));
    renderPage(<AdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Become Admin' }));
    expect(await screen.findByText(UI.adminToggleFailed)).toBeTruthy();
  });

  it("says 'An error occurred while toggling admin status' when the request itself fails", async () => {
    const user = userEvent.setup();
    signedInAs(false, () => {
      throw new TypeError('Failed to fetch');
    });
    renderPage(<AdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Become Admin' }));
    expect(await screen.findByText(UI.adminToggleError)).toBeTruthy();
  });

  it('asks a guest to log in, and links to the back office (ADMIN_URL) in a new tab', async () => {
    const user = userEvent.setup();
    const toggle = vi.fn(() => toggled(true));
    stubApi({
      'GET /api/back-office': () =>
        jsonResponse(200, BackOfficeLinkAnswerSchema.parse({ success: true, url: 'https://admin.example.com' })),
      'POST /api/users/toggle-admin': toggle,
    });
    renderPage(<AdminPage />);
    expect(screen.getByRole('heading', { name: 'Admin Access' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Become Admin' }));
    expect(screen.getByText(UI.adminLoginRequired)).toBeTruthy();
    expect(toggle).not.toHaveBeenCalled();
    const link = screen.getByRole('link', { name: /admin panel login/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    await waitFor(() => expect(link.getAttribute('href')).toBe('https://admin.example.com'));
  });
});
