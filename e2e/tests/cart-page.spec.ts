import { expect, test } from '../fixtures/test.ts';
import { CART_MESSAGES, MESSAGES, SHOP_UI_MESSAGES as UI, formatUsd } from '@shopper/contract';
import { openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { addToCart, cartLineLabel, cartLink, productsWithStock, roomySize } from '../fixtures/shop.ts';

test.describe('cart page', () => {
  test('a guest is asked to log in, not redirected', async ({ page }) => {
    await page.goto('/cart');
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('heading', { level: 1, name: UI.cartTitle })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(MESSAGES.loginToAddToCart)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(main.getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/signup');
  });

  test('empty cart, add from the product page, then change quantities on the cart page', async ({ page, request }) => {
    const account = await signUpVerified(page.request);
    const [product] = await productsWithStock(request, 1);
    const size = roomySize(product!);
    const line = cartLineLabel(product!, size);
    const main = page.getByRole('main');
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${line}` });

    await test.step('the customer opens the empty cart: it offers ways back to the shop', async () => {
      await openSignedIn(page, account, '/cart');
      await expect(main.getByText(UI.cartEmpty)).toBeVisible();
      await expect(main.getByRole('link', { name: UI.continueShopping })).toHaveAttribute('href', '/');
      await expect(main.getByRole('link', { name: UI.viewOffers })).toHaveAttribute('href', '/shop');
    });

    await test.step('adds a size from the product page: the header counts 1 item', async () => {
      await page.goto(`/products/${product!.slug}`);
      await page.getByRole('radio', { name: size, exact: true }).check();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    });

    await test.step('opens the cart from the header: the line is there, 1 of it', async () => {
      await cartLink(page).click();
      await expect(page).toHaveURL('/cart');
      await expect(page.getByRole('link', { name: product!.name, exact: true })).toBeVisible();
      await expect(quantity).toHaveValue('1');
    });

    await test.step('changes the quantity with plus, by typing and with minus: the counts follow', async () => {
      await page.getByRole('button', { name: `Increase quantity of ${line}` }).click();
      await expect(quantity).toHaveValue('2');
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

      await quantity.fill('4');
      await quantity.blur();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 4 items');
      await expect(page.getByRole('complementary')).toContainText('Subtotal (4 items)');

      // The count changes before the server answers (optimistic); the reload below must come after
      // the answer, or the navigation cancels the change in flight.
      const saved = page.waitForResponse((answer) => answer.url().endsWith('/api/cart/update') && answer.ok());
      await page.getByRole('button', { name: `Decrease quantity of ${line}` }).click();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
      await saved;
    });

    await test.step('reloads: the server kept every change', async () => {
      await page.reload();
      await expect(quantity).toHaveValue('3');
    });

    await test.step('types 1, then presses minus: the whole line goes and the cart is empty', async () => {
      await quantity.fill('1');
      await quantity.blur();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
      // At quantity 1 the minus button is named Remove; `exact` tells it from the line's own
      // "Remove … from cart" button.
      await page.getByRole('button', { name: `Remove ${line}`, exact: true }).click();
      await expect(main.getByText(UI.cartEmpty)).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
    });
  });

  test('a promo code applies, a wrong one says why, and it can be removed', async ({ page, request }) => {
    const account = await signUpVerified(page.request);
    const [product] = await productsWithStock(request, 1);
    const cart = await addToCart(request, account, product!, 2);
    const summary = page.getByRole('complementary');

    await test.step('the customer opens the cart: the summary shows the subtotal', async () => {
      await openSignedIn(page, account, '/cart');
      await expect(summary.getByText(formatUsd(cart.subtotal)).first()).toBeVisible();
    });

    await test.step('applies a code that does not exist: told it is not valid', async () => {
      await summary.getByLabel('Promo code').fill('NOT-A-CODE');
      await summary.getByRole('button', { name: 'Apply' }).click();
      await expect(summary.getByRole('alert')).toHaveText(CART_MESSAGES.couponInvalid);
    });

    await test.step('applies welcome10: 10% off the subtotal', async () => {
      await summary.getByLabel('Promo code').fill('welcome10');
      await summary.getByRole('button', { name: 'Apply' }).click();
      const discount = Math.round(cart.subtotal * 10) / 100;
      await expect(summary.getByText('Discount (WELCOME10)')).toBeVisible();
      await expect(summary.getByText(`−${formatUsd(discount)}`).first()).toBeVisible();
    });

    await test.step('removes the code: the discount goes and the field is back', async () => {
      await summary.getByRole('button', { name: 'Remove promo code WELCOME10' }).click();
      await expect(summary.getByText('Discount (WELCOME10)')).toBeHidden();
      await expect(summary.getByLabel('Promo code')).toBeVisible();
    });
  });
});
