import { expect, test } from '../fixtures/test.ts';

// docs/product.md#pages: these need a login; /cart is an open page (only adding requires login).
const PROTECTED = ['/profile', '/checkout', '/account/orders', '/order-confirmation/pi_123'];

test.describe('route guards', () => {
  for (const path of PROTECTED) {
    test(`a guest opening ${path} is sent to /login`, async ({ page }) => {
      await page.goto('/');
      await page.goto(path);
      await expect(page).toHaveURL('/login');
      // The redirect replaces history: Back skips the guarded page.
      await page.goBack();
      await expect(page).toHaveURL('/');
    });
  }
});
