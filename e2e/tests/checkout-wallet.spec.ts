import { CHECKOUT_MESSAGES as M, SHOP_UI_MESSAGES as UI } from '@shopper/contract';
import { VIEWPORTS } from '../fixtures/accessibility.ts';
import { openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { addToCart, cartLink, fillShipping, orderCount, productsWithStock } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

test.use({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });

test.describe('checkout with the test wallet on a phone', () => {
  test('a phone shopper pays with the test wallet: declined once, then approved, and one order', async ({
    page,
    request,
  }, testInfo) => {
    // Three trips through checkout, on two shared cores.
    test.slow();
    const account = await signUpVerified(page.request);
    const [product] = await productsWithStock(request, 1);
    await addToCart(request, account, product!);

    await test.step('the shopper picks the test wallet at checkout: no card fields to type', async () => {
      await openSignedIn(page, account, '/checkout');
      await fillShipping(page);
      await page.getByRole('radio', { name: /Test wallet/ }).check();
      await expect(page.getByLabel('Card number')).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath('checkout-390.png'), fullPage: true });
    });

    await test.step('declines on the wallet page: back at the shop, told why, no order', async () => {
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await expect(page).toHaveURL(/\/test-wallet\/pi_test_/);
      await expect(page.getByRole('heading', { level: 1, name: 'Test wallet' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('test-wallet-390.png'), fullPage: true });
      await page.getByRole('button', { name: 'Decline' }).click();
      await expect(page).toHaveURL(/\/checkout\/return\?payment_intent=pi_test_/);
      await expect(page.getByText(M.testWalletDeclined)).toBeVisible();
      expect(await orderCount(request, account)).toBe(0);
    });

    await test.step('goes back, pays with the wallet again and approves: the order is confirmed', async () => {
      await page.getByRole('link', { name: 'Back to checkout' }).click();
      await fillShipping(page);
      await page.getByRole('radio', { name: /Test wallet/ }).check();
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await page.getByRole('button', { name: 'Approve payment' }).click();
      await expect(page.getByRole('heading', { level: 1, name: UI.thankYou })).toBeVisible();
      await expect(page.getByText(product!.name)).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
      expect(await orderCount(request, account)).toBe(1);
    });
  });
});
