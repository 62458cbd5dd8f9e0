import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI, RESET_REDIRECT_MS } from '@shopper/contract/plain';
import { renderRoutes } from '../../test/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/reset-password/:token?', element: <ResetPasswordPage /> },
      { path: '/forgot-password', element: <p>Forgot password page</p> },
    ],
    [path],
  );
}

afterEach(() => vi.useRealTimers());

describe('ResetPasswordPage', () => {
  it('says Invalid reset token for a token under 10 characters and stays (docs/product.md#reset-tokens)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderAt('/reset-password/abc123');
    expect(screen.getByRole('alert').textContent).toContain(ACCOUNT_MESSAGES.resetTokenInvalid);
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
    await act(async () => {
      vi.advanceTimersByTime(RESET_REDIRECT_MS * 2);
    });
    expect(router.state.location.pathname).toBe('/reset-password/abc123');
  });

  it('sends a missing token to /forgot-password with its message (docs/product.md#password-recovery)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderAt('/reset-password');
    expect(screen.getByRole('alert').textContent).toBe(UI.invalidResetToken);
    await act(async () => {
      vi.advanceTimersByTime(RESET_REDIRECT_MS);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('offers the new password form for a token of 10 characters or more', () => {
    renderAt('/reset-password/abcdefghij');
    expect(screen.getByLabelText('New Password')).toBeTruthy();
  });
});
