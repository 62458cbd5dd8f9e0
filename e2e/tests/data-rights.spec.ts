import { readFile } from 'node:fs/promises';
import { CustomerDataExportSchema, DATA_RIGHTS_MESSAGES as M } from '@shopper/contract';
import { logInWithForm, openHeaderPanel, openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

test.describe('data rights', () => {
  test('a customer exports, then erases their account', async ({ page, request }) => {
    const account = await signUpVerified(request, { name: 'Erin Erasure' });
    const section = page.getByRole('region', { name: 'Your Data' });
    const dialog = page.getByRole('dialog', { name: M.eraseTitle });

    await test.step('downloads everything the shop holds as a JSON file', async () => {
      await openSignedIn(page, account, '/profile');
      const downloading = page.waitForEvent('download');
      await section.getByRole('button', { name: M.exportButton }).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toMatch(/^shopper-my-data-\d{4}-\d\d-\d\d\.json$/);
      const data = CustomerDataExportSchema.parse(JSON.parse(await readFile((await file.path()) ?? '', 'utf8')));
      expect(data.profile).toMatchObject({ email: account.email, name: 'Erin Erasure' });
      expect(data.sessions.length).toBeGreaterThan(0);
    });

    await test.step('is told what erasure does, and must give the password', async () => {
      for (const line of M.eraseExplained) await expect(section.getByText(line)).toBeVisible();
      for (const [label, size] of [
        ['desktop', { width: 1280, height: 800 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(size);
        await section.screenshot({ path: `test-results/screens/profile-your-data-${label}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await section.getByRole('button', { name: M.eraseButton }).click();
      await dialog.getByRole('button', { name: M.eraseConfirm }).click();
      await expect(dialog.getByText(M.erasePasswordRequired)).toBeVisible();
      await dialog.getByLabel('Password').fill('Not-my-password1!');
      await dialog.getByRole('button', { name: M.eraseConfirm }).click();
      await expect(dialog.getByText('Password is incorrect')).toBeVisible();
    });

    await test.step('erases the account: signed out, sent home, and the old sign-in no longer works', async () => {
      await dialog.getByLabel('Password').fill(account.password);
      await dialog.getByRole('button', { name: M.eraseConfirm }).click();
      await expect(page.getByText(M.erased).first()).toBeVisible();
      await expect(page).toHaveURL('/');
      await openHeaderPanel(page);
      await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
      await page.goto('/login');
      await logInWithForm(page, account.email, account.password);
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expect(page).toHaveURL('/login');
    });
  });
});
