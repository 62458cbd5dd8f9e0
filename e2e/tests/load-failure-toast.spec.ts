import { expect, test } from '@playwright/test';
import { MESSAGES } from '@shopper/contract';

test.describe('a failed load shows an error toast (SPEC §8)', () => {
  test('the listing failing shows its inline error and one toast, not one per retry', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/products/all-products**', async (route) => {
      calls += 1;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'INTERNAL', message: 'An unexpected error occurred' }),
      });
    });
    await page.goto('/shop');

    await expect(page.getByText(MESSAGES.errorLoadingProducts)).toBeVisible();
    const toasts = page.locator('[data-sonner-toast]').filter({ hasText: MESSAGES.loadProductsFailed });
    await expect(toasts).toHaveCount(1);
    // The query retried once on its own before giving up: still one toast.
    expect(calls).toBe(2);

    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(() => calls).toBe(4);
    await expect(page.getByText(MESSAGES.errorLoadingProducts)).toBeVisible();
    await expect(toasts).toHaveCount(1);
  });

  test('a product page that cannot load toasts what went wrong', async ({ page }) => {
    await page.route('**/api/products/slug/**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"success":false,"code":"INTERNAL","message":"x"}',
      }),
    );
    await page.route('**/api/products/all-products**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"success":false,"code":"INTERNAL","message":"x"}',
      }),
    );
    await page.goto('/products/no-such-luck');
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: MESSAGES.productLoadingErrorDetail('no-such-luck') }),
    ).toHaveCount(1);
  });
});
