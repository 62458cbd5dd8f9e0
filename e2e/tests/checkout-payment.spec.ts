import { expect, test } from '../fixtures/test.ts';
import { CARD_ERRORS, CHECKOUT_MESSAGES as M, SHOP_UI_MESSAGES as UI, TEST_CARD } from '@shopper/contract';
import { openSignedIn, signUp, signUpVerified } from '../fixtures/accounts.ts';
import { addToCart, cartLink, fillShipping, orderCount, payWithCard, productsWithStock } from '../fixtures/shop.ts';

test.describe('checkout', () => {
  test('pays with 4242, shows the confirmation and lists the order in the history', async ({ page, request }) => {
    const account = await signUpVerified(page.request);
    const [first, second] = await productsWithStock(request, 2);
    await addToCart(request, account, first!);
    await addToCart(request, account, second!, 2);

    await test.step('the customer proceeds from the cart to checkout: the test cards are listed', async () => {
      await openSignedIn(page, account, '/cart');
      await page.getByRole('link', { name: UI.proceedToCheckout }).click();
      await expect(page).toHaveURL('/checkout');
      await expect(page.getByRole('heading', { level: 1, name: UI.checkoutTitle })).toBeVisible();
      await expect(page.getByText(TEST_CARD.requiresAuthentication)).toBeVisible();
    });

    const orderNumber = await test.step('pays with 4242: a processing order, and the cart is empty', async () => {
      await fillShipping(page);
      await payWithCard(page, TEST_CARD.success);
      await expect(page).toHaveURL(/\/order-confirmation\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1, name: UI.thankYou })).toBeVisible();
      await expect(page.getByText(/^#SH-/)).toBeVisible();
      const tracker = page.getByRole('list', { name: 'Order progress' });
      await expect(tracker.getByRole('listitem').filter({ hasText: 'Processing' })).toHaveAttribute(
        'data-reached',
        'true',
      );
      await expect(tracker.getByRole('listitem').filter({ hasText: 'Shipped' })).toHaveAttribute(
        'data-reached',
        'false',
      );
      await expect(page.getByText(first!.name)).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
      return (await page.getByText(/^#SH-/).textContent())!.slice(1);
    });

    await test.step('opens all orders: the order is in the history', async () => {
      await page.getByRole('link', { name: UI.viewAllOrders }).click();
      await expect(page).toHaveURL('/account/orders');
      await expect(page.getByRole('heading', { level: 2, name: `Order #${orderNumber}` })).toBeVisible();
      expect(await orderCount(request, account)).toBe(1);
    });
  });

  test('3-D Secure: a failed challenge writes no order, a completed one does', async ({ page, request }) => {
    const account = await signUpVerified(page.request);
    const [product] = await productsWithStock(request, 1);
    await addToCart(request, account, product!);
    const challenge = page.getByRole('dialog', { name: 'Complete authentication' });

    await test.step('the customer pays with a 3-D Secure card and fails the challenge: no order', async () => {
      await openSignedIn(page, account, '/checkout');
      await fillShipping(page);
      await payWithCard(page, TEST_CARD.requiresAuthentication);
      await challenge.getByRole('button', { name: 'Fail' }).click();
      await expect(page.getByText(CARD_ERRORS.authentication_failed)).toBeVisible();
      await expect(page).toHaveURL('/checkout');
      expect(await orderCount(request, account)).toBe(0);
    });

    await test.step('pays again and completes the challenge: the order is written', async () => {
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await challenge.getByRole('button', { name: 'Complete' }).click();
      await expect(page.getByRole('heading', { level: 1, name: UI.thankYou })).toBeVisible();
      expect(await orderCount(request, account)).toBe(1);
    });
  });

  test('declined cards show the provider message and write no order', async ({ page, request }) => {
    const account = await signUpVerified(page.request);

    await test.step('the customer opens checkout with nothing in the cart: there is nothing to pay for', async () => {
      await openSignedIn(page, account, '/checkout');
      await expect(page.getByText(M.cartMissing)).toBeVisible();
    });

    await test.step('with a product in the cart, fills in the shipping details', async () => {
      const [product] = await productsWithStock(request, 1);
      await addToCart(request, account, product!);
      await page.reload();
      await fillShipping(page);
    });

    await test.step('pays with a declined card, then with one short of funds: the provider says why', async () => {
      await payWithCard(page, TEST_CARD.declined);
      await expect(page.getByText(CARD_ERRORS.card_declined)).toBeVisible();

      await payWithCard(page, TEST_CARD.insufficientFunds);
      await expect(page.getByText(CARD_ERRORS.insufficient_funds)).toBeVisible();
    });

    await test.step('is still at checkout: no order was written and the cart is kept', async () => {
      await expect(page).toHaveURL('/checkout');
      expect(await orderCount(request, account)).toBe(0);
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    });
  });

  test('an unverified user sees the banner on the cart and is sent to /verify-pending from checkout', async ({
    page,
    request,
  }) => {
    const account = await signUp(page.request);
    const [product] = await productsWithStock(request, 1);
    await addToCart(request, account, product!);

    await openSignedIn(page, account, '/cart');
    await expect(page.getByText(UI.cartVerifyBanner)).toBeVisible();
    await page.getByRole('link', { name: UI.proceedToCheckout }).click();
    await expect(page).toHaveURL('/verify-pending');
  });
});
