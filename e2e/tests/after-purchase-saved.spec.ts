import { expect, test } from '../fixtures/test.ts';
import { AFTER_PURCHASE_MESSAGES as A } from '@shopper/contract';
import { openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { expectAccessibleAtBothSizes } from '../fixtures/accessibility.ts';
import { screenshotBothSizes } from '../fixtures/back-office.ts';
import { cartLineLabel, cartLink, productsWithStock, roomySize } from '../fixtures/shop.ts';

test.describe('saved items', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a guest is asked to log in; a customer saves a colour and size, finds it under Saved items and moves it to the cart', async ({
    page,
    request,
  }) => {
    const [product] = await productsWithStock(request, 1);
    const size = roomySize(product!);

    await test.step('a guest who taps the heart is asked to log in', async () => {
      await page.goto(`/product/${product!._id}`);
      await page.getByRole('button', { name: A.saveItem(product!.name) }).click();
      await expect(page.getByText(A.savedLoginNeeded)).toBeVisible();
    });

    const customer = await signUpVerified(page.request);
    await test.step('signed in, the heart keeps the size chosen', async () => {
      await openSignedIn(page, customer, `/product/${product!._id}`);
      await page.getByRole('radio', { name: size, exact: true }).check();
      const heart = page.getByRole('button', { name: A.saveItem(product!.name) });
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText(A.savedAdded)).toBeVisible();
    });

    await test.step('the Saved items page lists it with price and stock', async () => {
      await page.goto('/account/saved');
      const row = page.getByRole('article', { name: product!.name });
      await expect(row).toContainText(/\$\d+\.\d\d/);
      await expect(row).toContainText(size);
      await expect(row).toContainText(/In stock|Only \d+ left/);
      await expectAccessibleAtBothSizes(page, 'saved items');
      await screenshotBothSizes(page, 'saved-items');
    });

    await test.step('Move to cart puts one in the cart and takes it off the list', async () => {
      await page.getByRole('button', { name: new RegExp(`^${A.moveToCart}:`) }).click();
      await expect(page.getByText(A.savedEmpty)).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
      await page.goto('/cart');
      await expect(page.getByRole('spinbutton', { name: `Quantity of ${cartLineLabel(product!, size)}` })).toHaveValue(
        '1',
      );
    });
  });
});
