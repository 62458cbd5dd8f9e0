import { expect, test } from '../fixtures/test.ts';
import { SHOP_UI_MESSAGES as UI, TEST_CARD, formatUsd } from '@shopper/contract';
import { openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { openBackOffice, openScreen, screenshotBothSizes } from '../fixtures/back-office.ts';
import { addToCart, fillShipping, payWithCard, productsWithStock } from '../fixtures/shop.ts';

test.describe('back office: coupons', () => {
  test('staff create a one-use promo code; a customer applies it at checkout and it is used up', async ({
    page,
    shopperPage: shop,
    request,
  }) => {
    // Two people's work, each in a browser of their own, with screenshots at two sizes.
    test.slow();
    const code = `BOWEB${Date.now().toString(36).toUpperCase()}`;
    const row = page.getByRole('row').filter({ hasText: code });

    await test.step('staff create a one-use code for 15% off, after a percentage over 100 is refused', async () => {
      await openBackOffice(page, 'staff');
      await openScreen(page, 'Coupons');
      await page.getByRole('button', { name: 'New promo code' }).click();
      const dialog = page.getByRole('dialog', { name: 'New promo code' });
      await dialog.getByLabel('Code').fill(code);
      await dialog.getByLabel('Percent off').fill('150');
      await dialog.getByRole('button', { name: 'Create promo code' }).click();
      await expect(dialog.getByText('A percentage must be a whole number from 1 to 100')).toBeVisible();
      await dialog.getByLabel('Percent off').fill('15');
      await dialog.getByLabel('Usage limit').fill('1');
      await dialog.getByRole('button', { name: 'Create promo code' }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByText('Active')).toBeVisible();
      await expect(row.getByText('15% off')).toBeVisible();
      await screenshotBothSizes(page, 'back-office-coupons');
    });

    await test.step('a customer applies it on the cart page and pays the discounted total', async () => {
      const customer = await signUpVerified(shop.request);
      const [product] = await productsWithStock(request, 1);
      const cart = await addToCart(request, customer, product!, 2);
      await openSignedIn(shop, customer, '/cart');
      const summary = shop.getByRole('complementary');
      await summary.getByLabel('Promo code').fill(code.toLowerCase());
      await summary.getByRole('button', { name: 'Apply' }).click();
      await expect(summary.getByText(`Discount (${code})`)).toBeVisible();
      const discount = Math.round(cart.subtotal * 15) / 100;
      await expect(summary.getByText(`−${formatUsd(discount)}`).first()).toBeVisible();
      await shop.getByRole('link', { name: UI.proceedToCheckout }).click();
      await fillShipping(shop);
      await payWithCard(shop, TEST_CARD.success);
      await expect(shop.getByRole('heading', { level: 1, name: UI.thankYou })).toBeVisible();
    });

    await test.step('staff reload the coupons: the code is used up', async () => {
      await page.reload();
      await expect(row.getByText('Used up')).toBeVisible();
      await expect(row.getByText('1 of 1')).toBeVisible();
    });
  });
});
