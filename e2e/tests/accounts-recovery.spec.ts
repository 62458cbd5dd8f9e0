import { expect, test } from '../fixtures/test.ts';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI } from '@shopper/contract';
import { linkIn, logInWithForm, signUpVerified, uniqueEmail, waitForMail } from '../fixtures/accounts.ts';

test.describe('password recovery', () => {
  test('forgot password, the link from the mailbox, a new password, then login with it', async ({ page, request }) => {
    const account = await signUpVerified(request, { name: 'Forgetful Fred' });
    const newPassword = 'Brand-new9!';

    await test.step('the visitor asks to recover an unknown address: told there is no such account', async () => {
      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill(uniqueEmail('nobody'));
      await page.getByRole('button', { name: 'Send Recovery Email' }).click();
      await expect(page.getByText(ACCOUNT_MESSAGES.noAccountWithEmail).first()).toBeVisible();
    });

    await test.step('asks again with their own address: told the mail is sent', async () => {
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Send Recovery Email' }).click();
      await expect(page.getByRole('heading', { name: UI.recoveryEmailSent })).toBeVisible();
    });

    await test.step('opens the link from the mail and picks a short password: refused', async () => {
      const mail = await waitForMail(request, account.email, /reset/i);
      await page.goto(linkIn(mail, '/reset-password/'));
      await page.getByLabel('New Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm New Password').fill('short');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByText(ACCOUNT_MESSAGES.passwordTooShort)).toBeVisible();
    });

    await test.step('picks a good password: sent to the login page a moment later, told it is reset', async () => {
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm New Password').fill(newPassword);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page).toHaveURL('/login');
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: /password/i })
          .first(),
      ).toBeVisible();
    });

    await test.step('logs in with the new password', async () => {
      await logInWithForm(page, account.email, newPassword);
      await expect(page).toHaveURL('/');
    });
  });

  test('a reset link without a token sends the visitor to /forgot-password', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText(UI.invalidResetToken).first()).toBeVisible();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByText(UI.invalidResetToken)).toBeVisible();
  });

  test('a reset token under 10 characters says Invalid reset token (docs/product.md#reset-tokens) and offers a new link', async ({
    page,
  }) => {
    await page.goto('/reset-password/abc');
    await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.resetTokenInvalid })).toBeVisible();
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL('/forgot-password');
  });
});
