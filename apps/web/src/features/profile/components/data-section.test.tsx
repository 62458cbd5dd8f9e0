import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DATA_RIGHTS_MESSAGES as M } from '@shopper/contract';
import { errorBody, jsonResponse, stubApi } from '../../../test/account-fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { DataSection } from './data-section.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('DataSection', () => {
  it('says what erasure does, asks for the password, shows a wrong one on the field, then erases and signs out', async () => {
    const user = userEvent.setup();
    const onErased = vi.fn(async () => undefined);
    const fetch = stubApi({
      'POST /api/users/me/erase': ({ body }) =>
        (body as { password: string }).password === 'Right-pass1!'
          ? jsonResponse(200, { success: true, message: M.erased })
          : jsonResponse(
              400,
              errorBody('VALIDATION_FAILED', 'Password is incorrect', [
                { param: 'password', msg: 'Password is incorrect' },
              ]),
            ),
    });
    renderPage(<DataSection onErased={onErased} />);
    for (const line of M.eraseExplained) expect(screen.getByText(line)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: M.eraseButton }));
    const dialog = await screen.findByRole('dialog', { name: M.eraseTitle });
    await user.click(screen.getByRole('button', { name: M.eraseConfirm }));
    expect(await screen.findByText(M.erasePasswordRequired)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Password'), 'Wrong-pass1!');
    await user.click(screen.getByRole('button', { name: M.eraseConfirm }));
    expect(await screen.findByText('Password is incorrect')).toBeTruthy();
    expect(onErased).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Right-pass1!');
    await user.click(screen.getByRole('button', { name: M.eraseConfirm }));
    await vi.waitFor(() => expect(onErased).toHaveBeenCalledOnce());
    expect(dialog.textContent).toContain(M.erased);
  });
});
