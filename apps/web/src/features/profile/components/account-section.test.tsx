import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '@shopper/contract';
import { errorBody, jsonResponse, stubApi } from '../../../test/account-fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { AccountSection } from './account-section.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('AccountSection', () => {
  it('asks for the password in its dialog, shows a wrong one on the field, then disables and signs out', async () => {
    const user = userEvent.setup();
    const onDisabled = vi.fn(async () => undefined);
    stubApi({
      'PUT /api/users/disable-account': ({ body }) =>
        (body as { password: string }).password === 'Right-pass1!'
          ? jsonResponse(200, { success: true, message: ACCOUNT_MESSAGES.accountDisabledDone })
          : jsonResponse(
              400,
              errorBody('VALIDATION_FAILED', 'Password is incorrect', [
                { param: 'password', msg: 'Password is incorrect' },
              ]),
            ),
    });
    renderPage(<AccountSection onDisabled={onDisabled} />);
    await user.click(screen.getByRole('button', { name: 'Disable Account' }));
    await screen.findByRole('dialog', { name: 'Disable Your Account' });

    await user.type(screen.getByLabelText('Password'), 'Wrong-pass1!');
    await user.click(screen.getAllByRole('button', { name: 'Disable Account' }).at(-1)!);
    expect(await screen.findByText('Password is incorrect')).toBeTruthy();
    expect(onDisabled).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Right-pass1!');
    await user.click(screen.getAllByRole('button', { name: 'Disable Account' }).at(-1)!);
    expect(await screen.findAllByText(ACCOUNT_MESSAGES.accountDisabledDone)).not.toHaveLength(0);
    expect(onDisabled).toHaveBeenCalledOnce();
  });
});
