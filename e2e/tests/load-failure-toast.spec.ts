import { expect, test } from '../fixtures/test.ts';
import { MESSAGES } from '@shopper/contract';

test.describe('a failed load shows an error toast (docs/product.md#transport-errors)', () => {
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
    const toasts = page.locator('[data-sonner-toast]').filter({ hasText: MESSAGES.loadProductsFailed });

    await test.step('the visitor opens the shop while its listing fails: the error and one toast', async () => {
      // /shop comes rendered by the server; the browser loads the listing itself on an in-app visit.
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
      await expect(page.getByText(MESSAGES.errorLoadingProducts)).toBeVisible();
      await expect(toasts).toHaveCount(1);
      // The query retried once on its own before giving up: still one toast.
      expect(calls).toBe(2);
    });

    await test.step('presses Try Again while it still fails: the error stays, still one toast', async () => {
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect.poll(() => calls).toBe(4);
      await expect(page.getByText(MESSAGES.errorLoadingProducts)).toBeVisible();
      await expect(toasts).toHaveCount(1);
    });
  });

  test('a product page that cannot load toasts what went wrong', async ({ page, request }) => {
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
    // The server renders a product page it can load, and a product a cached listing holds is shown
    // from it; so the browser loads this one itself, on an in-app visit from a page with no listing.
    const listing = await (await request.get('/api/products/all-products?limit=1')).json();
    const slug: string = listing.products[0].slug;
    await page.goto('/login');
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/products/${slug}`);
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: MESSAGES.productLoadingErrorDetail(slug) }),
    ).toHaveCount(1);
  });
});
