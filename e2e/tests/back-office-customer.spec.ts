import { expect, test } from '../fixtures/test.ts';
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES } from '@shopper/contract';
import { accountMenu, logInWithForm, openHeaderPanel, openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { openBackOffice, openScreen, screenshotBothSizes } from '../fixtures/back-office.ts';

test.describe('back office: customers', () => {
  test('staff disable a customer: their session ends and login is refused; re-enabled, they sign in again', async ({
    page,
    browser,
    request,
  }) => {
    // Two browsers, two sign-ins and screenshots at two sizes.
    test.setTimeout(90_000);
    const name = `Dora ${Date.now().toString(36)}`;
    const customer = await signUpVerified(request, { name });
    // The customer's own browser, signed in before staff act.
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await openSignedIn(shopper, customer, '/profile');
    await expect(shopper.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

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

    // Their open session is over: the next page load finds no session and goes to the login page.
    await shopper.goto('/profile');
    await expect(shopper).toHaveURL(/\/login$/);
    await logInWithForm(shopper, customer.email, customer.password);
    await expect(shopper.getByText(ACCOUNT_MESSAGES.accountDisabled).first()).toBeVisible();
    await expect(shopper).toHaveURL(/\/login$/);

    await page.getByRole('button', { name: 'Re-enable account' }).click();
    const enable = page.getByRole('dialog', { name: `Re-enable ${customer.email}?` });
    await enable.getByLabel('Reason').fill('The bank withdrew the claim');
    await enable.getByRole('button', { name: 'Re-enable' }).click();
    await expect(enable).toBeHidden();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disable account' })).toBeVisible();

    await shopper.goto('/login');
    await logInWithForm(shopper, customer.email, customer.password);
    await expect(shopper).not.toHaveURL(/\/login$/);
    await openHeaderPanel(shopper);
    await expect(accountMenu(shopper)).toBeVisible();
    await shopperContext.close();
  });
});
