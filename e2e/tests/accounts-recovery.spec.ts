import { expect, test } from '../fixtures/test.ts';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI } from '@shopper/contract';
import { linkIn, logInWithForm, signUpVerified, uniqueEmail, waitForMail } from '../fixtures/accounts.ts';

test.describe('password recovery', () => {
  test('forgot password, the link from the mailbox, a new password, then login with it', async ({ page, request }) => {
    const account = await signUpVerified(request, { name: 'Forgetful Fred' });
    const newPassword = 'Brand-new9!';

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send Recovery Email' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.noAccountWithEmail).first()).toBeVisible();

    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Recovery Email' }).click();
    await expect(page.getByRole('heading', { name: UI.recoveryEmailSent })).toBeVisible();

    const mail = await waitForMail(request, account.email, /reset/i);
    await page.goto(linkIn(mail, '/reset-password/'));
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.passwordTooShort)).toBeVisible();

    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    // SPEC §2: success goes to /login after 1.5 s with the passwordResetSuccess message.
    await expect(page).toHaveURL('/login');
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /password/i })
        .first(),
    ).toBeVisible();

    await logInWithForm(page, account.email, newPassword);
    await expect(page).toHaveURL('/');
  });

  test('a reset link without a token sends the visitor to /forgot-password', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText(UI.invalidResetToken).first()).toBeVisible();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page.getByText(UI.invalidResetToken)).toBeVisible();
  });

  test('a reset token under 10 characters says Invalid reset token (SPEC §5) and offers a new link', async ({
    page,
  }) => {
    await page.goto('/reset-password/abc');
    await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.resetTokenInvalid })).toBeVisible();
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL('/forgot-password');
  });
});
