import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AUTH_TOKEN_STORAGE_KEY,
  AuthAnswerSchema,
  BACK_OFFICE_UI_MESSAGES as T,
  UserAnswerSchema,
} from '@shopper/contract';
import { json, renderRoutes, stubApi } from '../test/render.tsx';
import { userWithRole } from '../test/users.ts';
import { dashboardRoutes } from './router.tsx';

function signedInAs(role: 'customer' | 'staff' | 'owner') {
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  return stubApi({
    'GET /api/users/me': () => json(200, UserAnswerSchema.parse({ success: true, user: userWithRole(role) })),
    'GET /api/admin/home': () => json(403, { success: false, code: 'FORBIDDEN', message: 'nope' }),
  });
}

describe('who the back office opens for', () => {
  it('sends a visitor without a session to the sign-in page', async () => {
    stubApi({});
    const { router } = renderRoutes(dashboardRoutes, '/orders');
    expect(await screen.findByRole('heading', { level: 1, name: T.signInTitle })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows a customer the refusal and no navigation at all', async () => {
    signedInAs('customer');
    renderRoutes(dashboardRoutes, '/');
    expect(await screen.findByRole('heading', { level: 1, name: T.noAccess })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('lists staff screens but not the owner-only ones to staff', async () => {
    signedInAs('staff');
    renderRoutes(dashboardRoutes, '/');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Home',
      'Products',
      'Import',
      'Categories',
      'Collections',
      'Stock',
      'Orders',
      'Returns',
      'Customers',
      'Coupons',
      'Reviews',
    ]);
  });

  it('tells staff who type an owner-only address that it is the owner’s', async () => {
    signedInAs('staff');
    renderRoutes(dashboardRoutes, '/audit');
    expect(await screen.findByText('Only an owner can do this.')).toBeTruthy();
  });

  it('lists every screen to the owner', async () => {
    signedInAs('owner');
    renderRoutes(dashboardRoutes, '/');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Home',
      'Products',
      'Import',
      'Categories',
      'Collections',
      'Stock',
      'Orders',
      'Returns',
      'Customers',
      'Coupons',
      'Reviews',
      'Staff',
      'Audit log',
      'Newsletter',
      'Shipping',
      'Taxes',
      'Pages',
      'Settings',
    ]);
  });
});

describe('sign-in page', () => {
  it('checks the fields with the contract, then shows the server’s reason and keeps the email', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/users/login': () =>
        json(401, { success: false, code: 'UNAUTHENTICATED', message: 'Invalid email or password' }),
    });
    renderRoutes(dashboardRoutes, '/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('sam@example.com');
  });

  it('signs an owner in and opens the screen they asked for', async () => {
    const user = userEvent.setup();
    const owner = userWithRole('owner');
    stubApi({
      'POST /api/users/login': () =>
        json(200, AuthAnswerSchema.parse({ success: true, accessToken: 't', user: owner })),
      'GET /api/users/me': () => json(200, { success: true, user: owner }),
    });
    const { router } = renderRoutes(dashboardRoutes, '/coupons-missing');
    await user.type(await screen.findByLabelText('Email'), owner.email);
    await user.type(screen.getByLabelText('Password'), 'Secret12!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('navigation', { name: 'Back office' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/coupons-missing');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
