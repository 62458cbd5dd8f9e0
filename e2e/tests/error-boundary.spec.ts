import { expect, test } from '../fixtures/test.ts';
import { MESSAGES } from '@shopper/contract';

test.describe('error demo and error boundary', () => {
  test('a runtime error shows the error boundary, whose buttons recover', async ({ page }) => {
    await test.step('the visitor triggers a runtime error: the error boundary shows', async () => {
      await page.goto('/error-demo');
      await page.getByRole('button', { name: 'Trigger runtime error' }).click();
      await expect(page.getByRole('heading', { name: MESSAGES.somethingWentWrong })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
    });

    await test.step('presses Reload Page: the page works again', async () => {
      await page.getByRole('button', { name: 'Reload Page' }).click();
      await expect(page).toHaveURL('/error-demo');
      await expect(page.getByRole('button', { name: 'Trigger runtime error' })).toBeVisible();
    });

    await test.step('triggers it again and presses Go to Homepage: the home page', async () => {
      await page.getByRole('button', { name: 'Trigger runtime error' }).click();
      await page.getByRole('button', { name: 'Go to Homepage' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1, name: 'NEW ARRIVALS ONLY' })).toBeVisible();
    });
  });

  test('each type of toast appears', async ({ page }) => {
    await page.goto('/error-demo');
    for (const [type, article] of [
      ['error', 'an'],
      ['success', 'a'],
      ['warning', 'a'],
      ['info', 'an'],
    ] as const) {
      await page.getByRole('button', { name: `Show ${type} toast` }).click();
      await expect(page.getByText(`This is ${article} ${type} toast`)).toBeVisible();
    }
  });

  test('a simulated API failure shows its message', async ({ page }) => {
    await page.goto('/error-demo');
    await page.getByRole('button', { name: 'Simulate Network Error' }).click();
    await expect(page.getByText(MESSAGES.network).first()).toBeVisible();
    await page.getByRole('button', { name: 'Simulate Timeout (408)' }).click();
    await expect(page.getByText(MESSAGES.timeout).first()).toBeVisible();
  });
});
