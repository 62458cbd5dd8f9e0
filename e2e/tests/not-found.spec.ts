import { expect, test } from '../fixtures/test.ts';
import { MESSAGES } from '@shopper/contract';

test.describe('not-found page', () => {
  test('shows the missing path and its message', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('/no/such/page', { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.pageNotFound)).toBeVisible();
    await expect(page).toHaveTitle(/ \| SHOPPER$/);
  });

  test('Return to Homepage goes home', async ({ page }) => {
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Return to Homepage' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'NEW ARRIVALS ONLY' })).toBeVisible();
  });

  test('Go Back returns to the shop page the visitor was on', async ({ page }) => {
    await test.step('a visitor on the shop types or follows a broken address in the same tab', async () => {
      await page.goto('/shop');
      await expect(page.getByRole('heading', { level: 1, name: 'Special Offers & Deals' })).toBeVisible();
      await page.goto('/no/such/page');
      await expect(page.getByText(MESSAGES.pageNotFound)).toBeVisible();
    });

    await test.step('presses Go Back: the shop again', async () => {
      await page.getByRole('button', { name: 'Go Back' }).click();
      await expect(page).toHaveURL('/shop');
      await expect(page.getByRole('heading', { level: 1, name: 'Special Offers & Deals' })).toBeVisible();
    });
  });

  test('Go Back with nothing to go back to stays in the shop and goes home', async ({ page }) => {
    await page.goto('/no/such/page');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'NEW ARRIVALS ONLY' })).toBeVisible();
  });
});
