import { expect, test } from '../fixtures/test.ts';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI } from '@shopper/contract';
import { STRONG_PASSWORD, uniqueEmail } from '../fixtures/accounts.ts';

test.describe('signup and email verification', () => {
  test('a new customer signs up, opens the link from the dev mailbox and is verified', async ({ page }) => {
    const email = uniqueEmail('signup');
    const submit = page.getByRole('button', { name: 'Create Account' });
    const terms = page.getByRole('checkbox', { name: /terms and conditions/ });

    await test.step('the visitor opens the signup page: Create Account is disabled', async () => {
      await page.goto('/signup');
      await expect(page.getByRole('heading', { level: 1, name: UI.signupTitle })).toBeVisible();
      await expect(submit).toBeDisabled();
    });

    await test.step('fills in name, email and password: each password rule is ticked off once met', async () => {
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
    });

    await test.step('ticks and unticks the terms: Create Account is enabled only while they are ticked', async () => {
      await expect(submit).toBeDisabled();
      await terms.check();
      await expect(submit).toBeEnabled();
      await terms.uncheck();
      await expect(page.getByText(ACCOUNT_MESSAGES.termsRequired)).toBeVisible();
      await expect(submit).toBeDisabled();
    });

    await test.step('creates the account: asked to verify the email before going on', async () => {
      await terms.check();
      await submit.click();
      await expect(page).toHaveURL('/verify-pending');
      await expect(page.getByRole('heading', { name: UI.almostThere })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      await page.getByRole('button', { name: "I've verified — continue" }).click();
      await expect(page.getByText(UI.stillNotVerified)).toBeVisible();
    });

    await test.step('opens the mail in the dev mailbox and clicks its link: verified', async () => {
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
    });

    await test.step('opens the profile: the email is verified and no alert asks for it', async () => {
      await page.goto('/profile');
      await expect(page.getByText('Verified', { exact: true })).toBeVisible();
      await expect(page.getByText(UI.emailUnverifiedAlert)).toHaveCount(0);
    });
  });

  test('a verification link without a token or with a used one says so', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByText(UI.noVerificationToken)).toBeVisible();
    await page.goto('/verify?token=not-a-real-token-at-all');
    await expect(page.getByText(UI.verificationFailed)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();
  });
});
