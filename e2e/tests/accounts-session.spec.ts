import { expect, test } from '../fixtures/test.ts';
import { ACCOUNT_MESSAGES, LOGGED_OUT_STORAGE_KEY } from '@shopper/contract';
import {
  accountMenu,
  logInWithForm,
  openHeaderPanel,
  openSignedIn,
  signUpVerified,
  type Account,
} from '../fixtures/accounts.ts';

let account: Account;

test.beforeAll(async ({ request }) => {
  account = await signUpVerified(request, { name: 'Session Tester' });
});

test.describe('login, logout and session', () => {
  test('login goes back to the requested page; logout goes home and ends the session', async ({ page }) => {
    await test.step('the visitor opens the profile: sent to log in, then back to the profile', async () => {
      await page.goto('/');
      await page.goto('/profile?from=test');
      await expect(page).toHaveURL('/login');
      await logInWithForm(page, account.email, account.password);
      await expect(page).toHaveURL('/profile?from=test');
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    });

    await test.step('logs out from the account menu: home, signed out', async () => {
      await openHeaderPanel(page);
      await accountMenu(page).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page.getByText('Logging out…')).toBeVisible();
      await expect(page).toHaveURL('/');
      await openHeaderPanel(page);
      await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
      expect(await page.evaluate((key) => localStorage.getItem(key), LOGGED_OUT_STORAGE_KEY)).toBe('true');
    });

    await test.step('opens the profile again: sent to log in', async () => {
      await page.goto('/profile');
      await expect(page).toHaveURL('/login');
    });
  });

  test('the user menu links to profile, orders, cart and admin', async ({ page }) => {
    await openSignedIn(page, account, '/');
    await openHeaderPanel(page);
    await accountMenu(page).click();
    const items: [string, string][] = [
      ['My Profile', '/profile'],
      ['My Orders', '/account/orders'],
      ['My Cart', '/cart'],
      ['Admin', '/admin'],
    ];
    for (const [name, href] of items) {
      await expect(page.getByRole('menuitem', { name })).toHaveAttribute('href', href);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/cart');
  });

  test('a wrong password shows the reason and keeps the visitor on /login', async ({ page }) => {
    await page.goto('/login');
    await logInWithForm(page, account.email, 'Wrong-pass1!');
    await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.invalidCredentials })).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('guest-only pages send a signed-in user home', async ({ page }) => {
    await openSignedIn(page, account, '/login');
    await expect(page).toHaveURL('/');
    for (const path of ['/signup', '/forgot-password', '/reset-password/abcdefghijkl']) {
      await page.goto(path);
      await expect(page).toHaveURL('/');
    }
  });

  test('an expired session sends the user to /login with the reason', async ({ page, context }) => {
    await test.step('the user is on their profile', async () => {
      await openSignedIn(page, account, '/profile');
      await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
    });

    await test.step('comes back once the session has expired: sent to log in, with the reason', async () => {
      // The access token no longer works and there is no refresh cookie to get a new one.
      await page.evaluate(() => localStorage.setItem('shopper.authToken', 'corrupted.token.value'));
      await context.clearCookies();
      await page.goto('/profile');
      await expect(page).toHaveURL('/login');
      await expect(page.getByText(ACCOUNT_MESSAGES.sessionExpired)).toBeVisible();
    });

    await test.step('logs in again: back on the profile', async () => {
      await logInWithForm(page, account.email, account.password);
      await expect(page).toHaveURL('/profile');
    });
  });
});
