import { expect, test } from '../fixtures/test.ts';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI } from '@shopper/contract';
import { STRONG_PASSWORD, uniqueEmail } from '../fixtures/accounts.ts';

test.describe('signup and email verification', () => {
  test('a new customer signs up, opens the link from the dev mailbox and is verified', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: UI.signupTitle })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Create Account' });
    await expect(submit).toBeDisabled();

    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    const requirements = page.getByText(UI.passwordRequirements).locator('..');
    await page.getByLabel('Password', { exact: true }).fill('secret');
    await expect(requirements.getByRole('listitem').filter({ hasText: UI.ruleLength })).toContainText('(not met)');
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
    for (const rule of [UI.ruleLength, UI.ruleUppercase, UI.ruleNumber, UI.ruleSpecial, UI.rulePasswordsMatch]) {
      await expect(requirements.getByRole('listitem').filter({ hasText: rule })).toContainText('(met)');
    }

    // SPEC §4 Forms: enabled only with every field filled and the terms ticked.
    await expect(submit).toBeDisabled();
    const terms = page.getByRole('checkbox', { name: /terms and conditions/ });
    await terms.check();
    await expect(submit).toBeEnabled();
    await terms.uncheck();
    await expect(page.getByText(ACCOUNT_MESSAGES.termsRequired)).toBeVisible();
    await expect(submit).toBeDisabled();
    await terms.check();
    await submit.click();

    await expect(page).toHaveURL('/verify-pending');
    await expect(page.getByRole('heading', { name: UI.almostThere })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: "I've verified — continue" }).click();
    await expect(page.getByText(UI.stillNotVerified)).toBeVisible();

    // The dev mailbox shows the mail; its link is a real link to click.
    await page.goto('/dev/mailbox');
    await page
      .getByRole('button')
      .filter({ hasText: `To ${email}` })
      .first()
      .click();
    await page
      .getByRole('article', { name: 'Message' })
      .getByRole('link', { name: /verify-email/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();

    await page.goto('/profile');
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByText(UI.emailUnverifiedAlert)).toHaveCount(0);
  });

  test('a verification link without a token or with a used one says so', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByText(UI.noVerificationToken)).toBeVisible();
    await page.goto('/verify?token=not-a-real-token-at-all');
    await expect(page.getByText(UI.verificationFailed)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();
  });
});
