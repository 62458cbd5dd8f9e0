import { expect, test } from '../fixtures/test.ts';
import { SHOP_UI_MESSAGES as UI, TEST_CARD } from '@shopper/contract';
import { openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { openBackOffice, openScreen, screenshotBothSizes, solidPng } from '../fixtures/back-office.ts';
import { fillShipping, payWithCard } from '../fixtures/shop.ts';

test.describe('back office: products', () => {
  test('the owner creates a product with two images and stock; shoppers find it and buy it', async ({
    page,
    shopperPage: shop,
  }) => {
    // Two people's work in one journey: the owner's back office, then a shopper's checkout.
    test.slow();
    const name = `Harbour Rain Jacket ${Date.now().toString(36)}`;

    await test.step('the owner opens a new product form', async () => {
      await openBackOffice(page, 'owner');
      await openScreen(page, 'Products');
      await page.getByRole('link', { name: 'New product' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    });

    await test.step('makes a mistake first: the messages show on their fields and nothing typed is lost', async () => {
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Regular price ($)').fill('12.345');
      await page.getByRole('button', { name: 'Create product' }).click();
      await expect(page.getByText('Brand is required')).toBeVisible();
      await expect(page.getByText('Price must be a positive amount in dollars with at most 2 decimals')).toBeVisible();
      await expect(page.getByLabel('Name')).toHaveValue(name);
    });

    await test.step('completes the form with two sizes in stock: a draft is created', async () => {
      await page.getByLabel('Brand').fill('North Quay');
      await page.getByLabel('Category').selectOption('women');
      await page.getByLabel('Regular price ($)').fill('129');
      await page.getByLabel('Sale price ($)').fill('99.50');
      await page.getByLabel('Short description').fill('A light, fully taped rain jacket.');
      await page.getByLabel('Remove size 3').click();
      await page.getByLabel('Stock of size 1').fill('3');
      await page.getByLabel('Stock of size 2').fill('5');
      await page.getByRole('button', { name: 'Create product' }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('main').getByText('Draft', { exact: true })).toBeVisible();
    });

    await test.step('uploads two images, makes the second the main one, and publishes', async () => {
      await page.getByLabel('Upload images').setInputFiles([
        { name: 'front.png', mimeType: 'image/png', buffer: solidPng(480, 600, [28, 64, 120]) },
        { name: 'back.png', mimeType: 'image/png', buffer: solidPng(480, 600, [180, 71, 42]) },
      ]);
      const images = page.getByRole('img', { name: new RegExp(`^Image \\d of ${name}$`) });
      await expect(images).toHaveCount(2);
      await expect(page.getByText('Main image')).toHaveCount(1);
      await page.getByLabel('Make image 2 the main image').click();
      await expect(page.getByLabel('Make image 1 the main image')).toBeVisible();
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(page.getByRole('main').getByText('Published', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Stock (8)' })).toBeVisible();
      await screenshotBothSizes(page, 'back-office-product');
    });

    await test.step('a shopper, in another browser, finds it and buys size S', async () => {
      const customer = await signUpVerified(shop.request);
      await openSignedIn(shop, customer, '/shop');
      const search = shop.getByRole('banner').getByRole('combobox', { name: 'Search products' });
      await search.fill(name);
      await search.press('Enter');
      await shop.getByRole('link', { name }).first().click();
      await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(shop.locator('img[src*="/images/uploads/"]').first()).toBeVisible();
      await shop.getByRole('radio', { name: 'S', exact: true }).check();
      await shop.getByRole('button', { name: 'Add to Cart' }).click();
      await shop.goto('/checkout');
      await fillShipping(shop);
      await payWithCard(shop, TEST_CARD.success);
      await expect(shop.getByRole('heading', { level: 1, name: UI.thankYou })).toBeVisible();
      await expect(shop.getByText(name)).toBeVisible();
    });

    await test.step('the owner reloads the product: the sale took one S from the stock entered', async () => {
      await page.reload();
      await expect(page.getByRole('link', { name: 'Stock (7)' })).toBeVisible();
    });
  });
});
