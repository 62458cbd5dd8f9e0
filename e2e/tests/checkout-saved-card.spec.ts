import { SHOP_UI_MESSAGES as UI, TEST_CARD } from '@shopper/contract';
import { openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { addToCart, fillShipping, orderCount, payWithCard, productsWithStock } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

test.describe('saved cards', () => {
  test('a returning customer pays with the card saved last time, then removes it', async ({ page, request }) => {
    // Three trips through checkout, on two shared cores.
    test.slow();
    const account = await signUpVerified(page.request);
    const [first, second] = await productsWithStock(request, 2);
    await addToCart(request, account, first!);

    await test.step('the first order: pays with 4242 and ticks "Save this card for next time"', async () => {
      await openSignedIn(page, account, '/checkout');
      await fillShipping(page);
      await page.getByLabel('Save this card for next time').check();
      await payWithCard(page, TEST_CARD.success);
      await expect(page.getByRole('heading', { level: 1, name: UI.thankYou })).toBeVisible();
    });

    await test.step('the profile lists the card', async () => {
      await page.goto('/profile');
      const section = page.getByRole('region', { name: 'Saved cards' });
      await expect(section.getByText(/Visa •••• 4242/)).toBeVisible();
    });

    await test.step('the next order: the saved card is picked already, no card to type', async () => {
      await addToCart(request, account, second!);
      await page.goto('/checkout');
      await expect(page.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
      await expect(page.getByLabel('Card number')).toHaveCount(0);
      await fillShipping(page);
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: UI.thankYou })).toBeVisible();
      await expect(page.getByText(second!.name)).toBeVisible();
      expect(await orderCount(request, account)).toBe(2);
    });

    await test.step('removes the card on the profile: the list is empty', async () => {
      await page.goto('/profile');
      const section = page.getByRole('region', { name: 'Saved cards' });
      await section.getByRole('button', { name: /Remove Visa •••• 4242/ }).click();
      await expect(section.getByText('No saved cards.', { exact: false })).toBeVisible();
    });
  });
});
