import { expect, test } from '../fixtures/test.ts';
import { BACK_OFFICE_UI_MESSAGES as T } from '@shopper/contract';
import { openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { backOfficeNav, screenshotBothSizes, signInToBackOffice } from '../fixtures/back-office.ts';

test.describe('back office: a customer is refused', () => {
  test('a customer who signs in to the back office sees the refusal and nothing else', async ({ page, request }) => {
    const customer = await signUpVerified(request, { name: 'Curious Carl' });

    await test.step('the customer opens the back office and signs in: refused, with no way in', async () => {
      await page.goto('/dashboard/orders');
      await expect(page).toHaveURL(/\/dashboard\/login$/);
      await signInToBackOffice(page, customer.email, customer.password);
      await expect(page.getByRole('heading', { level: 1, name: T.noAccess })).toBeVisible();
      await expect(backOfficeNav(page)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Orders' })).toHaveCount(0);
      await screenshotBothSizes(page, 'back-office-refused');
    });

    await test.step('the server refuses the back-office API too, whatever the page shows', async () => {
      const token = await page.evaluate(() => localStorage.getItem('shopper.authToken'));
      const answer = await request.get('/api/admin/audit', { headers: { 'auth-token': token ?? '' } });
      expect(answer.status()).toBe(403);
    });
  });

  test("the storefront's demo admin toggle opens nothing in the back office", async ({ page, request, context }) => {
    const customer = await signUpVerified(request, { name: 'Toggle Tess' });

    await test.step('the customer becomes a demo admin on /admin', async () => {
      await openSignedIn(page, customer, '/admin');
      await page.getByRole('button', { name: 'Become Admin' }).click();
      await expect(page.getByText('Current status: Admin')).toBeVisible();
    });

    const tab = await test.step('follows the panel link: a back-office tab opens, signed in, and refuses', async () => {
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('link', { name: /admin panel login/ }).click(),
      ]);
      await expect(tab).toHaveURL(/\/dashboard\/?$/);
      await expect(tab.getByRole('heading', { level: 1, name: T.noAccess })).toBeVisible();
      return tab;
    });

    await test.step('signs out of the back office', async () => {
      await tab.getByRole('button', { name: 'Sign out' }).click();
      await expect(tab.getByRole('heading', { level: 1, name: T.signInTitle })).toBeVisible();
    });
  });
});
