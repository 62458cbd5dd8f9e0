import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, NEWSLETTER_MESSAGES as N } from '@shopper/contract/plain';
import { errorBody, jsonResponse, stubApi } from '../../../test/account-fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import { Newsletter } from './newsletter.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderForm(answer: () => Response) {
  const fetchFake = stubApi({ 'POST /api/newsletter/subscribe': answer });
  renderPage(<Newsletter />);
  const form = screen.getByRole('region', { name: 'Get Exclusive Offers On Your Email' });
  return { fetchFake, form };
}

describe('Newsletter form', () => {
  it('asks the server and says to check the inbox, not "Subscribed!"', async () => {
    const { fetchFake, form } = renderForm(() => jsonResponse(200, { success: true, message: N.checkInbox }));
    await userEvent.type(within(form).getByLabelText('Email address'), 'reader@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe Now' }));
    expect((await within(form).findByRole('status')).textContent).toBe(N.checkInbox);
    expect(within(form).getByLabelText<HTMLInputElement>('Email address').value).toBe('');
    const [, init] = fetchFake.mock.calls[0]!;
    expect(JSON.parse(init?.body as string)).toEqual({ email: 'reader@example.com' });
  });

  it('checks the address before asking', async () => {
    const { fetchFake, form } = renderForm(() => jsonResponse(200, { success: true, message: N.checkInbox }));
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe Now' }));
    expect(within(form).getByRole('alert').textContent).toBe(MESSAGES.emailRequired);
    await userEvent.type(within(form).getByLabelText('Email address'), 'nope');
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe Now' }));
    expect(within(form).getByRole('alert').textContent).toBe(MESSAGES.emailInvalid);
    expect(fetchFake).not.toHaveBeenCalled();
  });

  it('shows the server reason when it refuses (rate limit), and keeps the address', async () => {
    const tooMany = 'Too many attempts. Please wait a few minutes and try again.';
    const { form } = renderForm(() => jsonResponse(429, errorBody('RATE_LIMITED', tooMany)));
    await userEvent.type(within(form).getByLabelText('Email address'), 'reader@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Subscribe Now' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(tooMany);
    expect(within(form).getByLabelText<HTMLInputElement>('Email address').value).toBe('reader@example.com');
    expect(within(form).queryByRole('status')).toBeNull();
  });
});
