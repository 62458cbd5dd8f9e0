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

    await openSignedIn(page, account, '/cart');
    await page.getByRole('link', { name: UI.proceedToCheckout }).click();
    await expect(page).toHaveURL('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: UI.checkoutTitle })).toBeVisible();
    await expect(page.getByText(TEST_CARD.requiresAuthentication)).toBeVisible();

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
    await expect(tracker.getByRole('listitem').filter({ hasText: 'Shipped' })).toHaveAttribute('data-reached', 'false');
    await expect(page.getByText(first!.name)).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
    const orderNumber = (await page.getByText(/^#SH-/).textContent())!.slice(1);

    await page.getByRole('link', { name: UI.viewAllOrders }).click();
    await expect(page).toHaveURL('/account/orders');
    await expect(page.getByRole('heading', { level: 2, name: `Order #${orderNumber}` })).toBeVisible();
    expect(await orderCount(request, account)).toBe(1);
  });

  test('3-D Secure: a failed challenge writes no order, a completed one does', async ({ page, request }) => {
    const account = await signUpVerified(page.request);
    const [product] = await productsWithStock(request, 1);
    await addToCart(request, account, product!);

    await openSignedIn(page, account, '/checkout');
    await fillShipping(page);
    await payWithCard(page, TEST_CARD.requiresAuthentication);
    let dialog = page.getByRole('dialog', { name: 'Complete authentication' });
    await dialog.getByRole('button', { name: 'Fail' }).click();
    await expect(page.getByText(CARD_ERRORS.authentication_failed)).toBeVisible();
    await expect(page).toHaveURL('/checkout');
    expect(await orderCount(request, account)).toBe(0);

    await page.getByRole('button', { name: /^Pay \$/ }).click();
    dialog = page.getByRole('dialog', { name: 'Complete authentication' });
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByRole('heading', { level: 1, name: UI.thankYou })).toBeVisible();
    expect(await orderCount(request, account)).toBe(1);
  });

  test('declined cards show the provider message and write no order', async ({ page, request }) => {
    const account = await signUpVerified(page.request);

    // With nothing in the cart there is nothing to pay for.
    await openSignedIn(page, account, '/checkout');
    await expect(page.getByText(M.cartMissing)).toBeVisible();

    const [product] = await productsWithStock(request, 1);
    await addToCart(request, account, product!);
    await page.reload();
    await fillShipping(page);

    await payWithCard(page, TEST_CARD.declined);
    await expect(page.getByText(CARD_ERRORS.card_declined)).toBeVisible();

    await payWithCard(page, TEST_CARD.insufficientFunds);
    await expect(page.getByText(CARD_ERRORS.insufficient_funds)).toBeVisible();

    await expect(page).toHaveURL('/checkout');
    expect(await orderCount(request, account)).toBe(0);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
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
