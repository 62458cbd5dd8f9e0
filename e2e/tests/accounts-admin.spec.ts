import { expect, test } from '../fixtures/test.ts';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI } from '@shopper/contract';
import { openSignedIn, signUpVerified } from '../fixtures/accounts.ts';

test.describe('admin access page', () => {
  test('a user becomes an admin and gives it up again', async ({ page, request }) => {
    const account = await signUpVerified(request, { name: 'Admin Ann' });

    await test.step('the user opens the admin access page: a regular user', async () => {
      await openSignedIn(page, account, '/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
      await expect(page.getByText('Current status: Regular User')).toBeVisible();
    });

    await test.step('presses Become Admin: now an admin', async () => {
      await page.getByRole('button', { name: 'Become Admin' }).click();
      await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.nowAdmin }).first()).toBeVisible();
      await expect(page.getByText('Current status: Admin')).toBeVisible();
    });

    await test.step('presses Remove Admin Status: a regular user again', async () => {
      await page.getByRole('button', { name: 'Remove Admin Status' }).click();
      await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.adminRemoved }).first()).toBeVisible();
      await expect(page.getByText('Current status: Regular User')).toBeVisible();
    });

    await test.step('the admin panel link opens a new tab that cannot reach this one', async () => {
      const panel = page.getByRole('link', { name: /admin panel login/ });
      await expect(panel).toHaveAttribute('target', '_blank');
      await expect(panel).toHaveAttribute('rel', /noopener/);
    });
  });

  test('a guest is asked to log in', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Become Admin' }).click();
    await expect(page.getByText(UI.adminLoginRequired)).toBeVisible();
  });
});
