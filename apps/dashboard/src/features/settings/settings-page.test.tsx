import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADMIN_MESSAGES,
  AUTH_TOKEN_STORAGE_KEY,
  GUEST_CHECKOUT_MESSAGES,
  ShopSettingsAnswerSchema,
  UserAnswerSchema,
} from '@shopper/contract';
import { dashboardRoutes } from '../../app/router.tsx';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { userWithRole } from '../../test/users.ts';
import { SettingsPage } from './settings-page.tsx';

const settings = (importImageHosts: string[], guestCheckout = false) =>
  ShopSettingsAnswerSchema.parse({
    success: true,
    settings: {
      lowStockThreshold: 5,
      importImageHosts,
      returnWindowDays: 30,
      erasedReviews: 'keep',
      guestCheckout,
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
      guestCheckout: false,
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

describe('settings: guest checkout', () => {
  /** The settings as the server keeps them: whatever guest checkout the body asked for. */
  function stubSettings(guestCheckout: boolean) {
    return stubApi({
      'GET /api/admin/settings': () => json(200, settings([], guestCheckout)),
      'PUT /api/admin/settings': ({ init }) => {
        const body = JSON.parse(init?.body as string) as { guestCheckout: boolean };
        return json(
          200,
          ShopSettingsAnswerSchema.parse({
            success: true,
            message: ADMIN_MESSAGES.settingsSaved,
            settings: { ...settings([]).settings, guestCheckout: body.guestCheckout },
          }),
        );
      },
    });
  }

  it('shows the setting off with its help, and saves it on with the other settings', async () => {
    const user = userEvent.setup();
    const calls = stubSettings(false);
    renderRoutes([{ path: '/settings', element: <SettingsPage /> }], '/settings');
    const box = await screen.findByRole('checkbox', { name: GUEST_CHECKOUT_MESSAGES.settingLabel });
    expect(box).toHaveProperty('checked', false);
    const hint = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(GUEST_CHECKOUT_MESSAGES.settingHint);

    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      lowStockThreshold: 5,
      importImageHosts: [],
      returnWindowDays: 30,
      erasedReviews: 'keep',
      guestCheckout: true,
    });
    // The form is made again from what the server kept.
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: GUEST_CHECKOUT_MESSAGES.settingLabel })).toHaveProperty(
        'checked',
        true,
      ),
    );
  });

  it('turns it off again', async () => {
    const user = userEvent.setup();
    const calls = stubSettings(true);
    renderRoutes([{ path: '/settings', element: <SettingsPage /> }], '/settings');
    const box = await screen.findByRole('checkbox', { name: GUEST_CHECKOUT_MESSAGES.settingLabel });
    expect(box).toHaveProperty('checked', true);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ guestCheckout: false });
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: GUEST_CHECKOUT_MESSAGES.settingLabel })).toHaveProperty(
        'checked',
        false,
      ),
    );
  });

  it('is the owner’s like every setting: a staff member gets neither the page nor the box', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    const calls = stubApi({
      'GET /api/users/me': () => json(200, UserAnswerSchema.parse({ success: true, user: userWithRole('staff') })),
      'GET /api/admin/settings': () => json(200, settings([], false)),
    });
    renderRoutes(dashboardRoutes, '/settings');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(ADMIN_MESSAGES.ownerOnly)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: GUEST_CHECKOUT_MESSAGES.settingLabel })).toBeNull();
    expect(calls.some((call) => call.url.pathname === '/api/admin/settings')).toBe(false);
  });
});
