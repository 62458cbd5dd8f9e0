import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES, ShopSettingsAnswerSchema } from '@shopper/contract';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { SettingsPage } from './settings-page.tsx';

const settings = (importImageHosts: string[]) =>
  ShopSettingsAnswerSchema.parse({
    success: true,
    settings: {
      lowStockThreshold: 5,
      importImageHosts,
      returnWindowDays: 30,
      erasedReviews: 'keep',
      guestCheckout: false,
    },
  });

describe('settings: the import’s image hosts', () => {
  it('shows the hosts one per line, refuses a bad entry with the contract’s message, and saves the list', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/admin/settings': () => json(200, settings(['cdn.shopify.com'])),
      'PUT /api/admin/settings': ({ init }) => {
        const body = JSON.parse(init?.body as string) as { lowStockThreshold: number; importImageHosts: string[] };
        return json(
          200,
          ShopSettingsAnswerSchema.parse({
            success: true,
            message: ADMIN_MESSAGES.settingsSaved,
            settings: {
              lowStockThreshold: body.lowStockThreshold,
              returnWindowDays: 30,
              erasedReviews: 'keep',
              guestCheckout: false,
              importImageHosts: body.importImageHosts.map((h) => h.toLowerCase()),
            },
          }),
        );
      },
    });
    renderRoutes([{ path: '/settings', element: <SettingsPage /> }], '/settings');
    const hosts = await screen.findByLabelText('Image hosts');
    expect(hosts).toHaveProperty('value', 'cdn.shopify.com');

    await user.type(hosts, '\nftp://files.example.com');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(ADMIN_MESSAGES.importHostsInvalid)).toBeTruthy();
    expect(hosts.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(hosts);
    await user.type(hosts, 'cdn.shopify.com\n\n  *.Example.com \nhttp://127.0.0.1:4100');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    // What the server kept (lower-cased) replaces what was typed.
    expect(await screen.findByDisplayValue(/\*\.example\.com/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      lowStockThreshold: 5,
      importImageHosts: ['cdn.shopify.com', '*.Example.com', 'http://127.0.0.1:4100'],
      returnWindowDays: 30,
      erasedReviews: 'keep',
    });
    expect(screen.queryByText(ADMIN_MESSAGES.importHostsInvalid)).toBeNull();
  });

  it('places the server’s refusal on the field', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/settings': () => json(200, settings([])),
      'PUT /api/admin/settings': () =>
        json(400, {
          success: false,
          code: 'VALIDATION_FAILED',
          message: ADMIN_MESSAGES.importHostsInvalid,
          errors: [{ param: 'importImageHosts.0', msg: ADMIN_MESSAGES.importHostsInvalid }],
        }),
    });
    renderRoutes([{ path: '/settings', element: <SettingsPage /> }], '/settings');
    await user.type(await screen.findByLabelText('Image hosts'), 'images.example.com');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(ADMIN_MESSAGES.importHostsInvalid)).toBeTruthy();
    expect(screen.getByLabelText('Image hosts').getAttribute('aria-invalid')).toBe('true');
  });
});

describe("settings: erased customers' reviews", () => {
  it('shows the choice with its help, and saves "remove"', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/admin/settings': () => json(200, settings([])),
      'PUT /api/admin/settings': ({ init }) => {
        const body = JSON.parse(init?.body as string) as { erasedReviews: 'keep' | 'remove' };
        return json(
          200,
          ShopSettingsAnswerSchema.parse({
            success: true,
            message: ADMIN_MESSAGES.settingsSaved,
            settings: {
              lowStockThreshold: 5,
              importImageHosts: [],
              returnWindowDays: 30,
              erasedReviews: body.erasedReviews,
              guestCheckout: false,
            },
          }),
        );
      },
    });
    renderRoutes([{ path: '/settings', element: <SettingsPage /> }], '/settings');
    const choice = await screen.findByRole('combobox', { name: 'Reviews of erased customers' });
    expect(choice).toHaveProperty('value', 'keep');
    expect(choice.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/signed 'Former customer' instead of their name, or remove them/)).toBeTruthy();

    await user.selectOptions(choice, 'remove');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ erasedReviews: 'remove' });
    // The form is made again from what the server kept.
    expect(await screen.findByRole('combobox', { name: 'Reviews of erased customers' })).toHaveProperty(
      'value',
      'remove',
    );
  });

  it('places the server’s refusal on the choice', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/settings': () => json(200, settings([])),
      'PUT /api/admin/settings': () =>
        json(400, {
          success: false,
          code: 'VALIDATION_FAILED',
          message: ADMIN_MESSAGES.erasedReviewsInvalid,
          errors: [{ param: 'erasedReviews', msg: ADMIN_MESSAGES.erasedReviewsInvalid }],
        }),
    });
    renderRoutes([{ path: '/settings', element: <SettingsPage /> }], '/settings');
    await screen.findByRole('combobox', { name: 'Reviews of erased customers' });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(ADMIN_MESSAGES.erasedReviewsInvalid)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Reviews of erased customers' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });
});
