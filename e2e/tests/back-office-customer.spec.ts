import { expect, test } from '../fixtures/test.ts';
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES } from '@shopper/contract';
import { accountMenu, logInWithForm, openHeaderPanel, openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { openBackOffice, openScreen, screenshotBothSizes } from '../fixtures/back-office.ts';

test.describe('back office: customers', () => {
  test('staff disable a customer: their session ends and login is refused; re-enabled, they sign in again', async ({
    page,
    shopperPage: shopper,
    request,
  }) => {
    // Two browsers, two sign-ins and screenshots at two sizes.
    test.slow();
    const name = `Dora ${Date.now().toString(36)}`;
    const customer = await signUpVerified(request, { name });

    await test.step('the customer is signed in, in their own browser, before staff act', async () => {
      await openSignedIn(shopper, customer, '/profile');
      await expect(shopper.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    });

    await test.step('staff search the customers by email and open theirs', async () => {
      await openBackOffice(page, 'staff');
      await openScreen(page, 'Customers');
      await page.getByRole('searchbox', { name: 'Email or name' }).fill(customer.email);
      await page.getByRole('button', { name: 'Search' }).click();
      const row = page.getByRole('row').filter({ hasText: customer.email });
      await expect(row.getByText('Active')).toBeVisible();
      await expect(page.getByRole('row')).toHaveCount(2);
      await screenshotBothSizes(page, 'back-office-customers');
      await row.getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Figures' })).toContainText('Lifetime spend');
    });

    await test.step('staff disable the account, giving the reason it asks for', async () => {
      await page.getByRole('button', { name: 'Disable account' }).click();
      const disable = page.getByRole('dialog', { name: `Disable ${customer.email}?` });
      await disable.getByRole('button', { name: 'Disable' }).click();
      await expect(disable.getByText(ADMIN_MESSAGES.customerReasonRequired)).toBeVisible();
      await disable.getByLabel('Reason').fill('Chargeback fraud reported by the bank');
      await disable.getByRole('button', { name: 'Disable' }).click();
      await expect(disable).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'Chargeback fraud reported by the bank' })).toBeVisible();
      await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
      await screenshotBothSizes(page, 'back-office-customer-disabled');
    });

    await test.step("the customer's next page load finds no session, and logging in is refused", async () => {
      await shopper.goto('/profile');
      await expect(shopper).toHaveURL(/\/login$/);
      await logInWithForm(shopper, customer.email, customer.password);
      await expect(shopper.getByText(ACCOUNT_MESSAGES.accountDisabled).first()).toBeVisible();
      await expect(shopper).toHaveURL(/\/login$/);
    });

    await test.step('staff re-enable the account with a reason', async () => {
      await page.getByRole('button', { name: 'Re-enable account' }).click();
      const enable = page.getByRole('dialog', { name: `Re-enable ${customer.email}?` });
      await enable.getByLabel('Reason').fill('The bank withdrew the claim');
      await enable.getByRole('button', { name: 'Re-enable' }).click();
      await expect(enable).toBeHidden();
      await expect(page.getByText('Active', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Disable account' })).toBeVisible();
    });

    await test.step('the customer logs in again', async () => {
      await shopper.goto('/login');
      await logInWithForm(shopper, customer.email, customer.password);
      await expect(shopper).not.toHaveURL(/\/login$/);
      await openHeaderPanel(shopper);
      await expect(accountMenu(shopper)).toBeVisible();
    });
  });
});
