import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import {
  ADMIN_CATALOG_MESSAGES,
  AdminProductAnswerSchema,
  ProductAnswerSchema,
  SHOP_UI_MESSAGES as UI,
} from '@shopper/contract';
import { openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { openBackOffice, screenshotBothSizes, solidPng, staffApi } from '../fixtures/back-office.ts';
import { checkOut } from '../fixtures/shop.ts';

function colourGroup(page: Page) {
  return page.getByRole('radiogroup', { name: UI.colourLabel });
}

function colourRow(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Colours' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Edit ${name}`, exact: true }) });
}

test.describe('back office: colours', () => {
  // The owner's editor and stock screen, a shopper's product page after each change, and a checkout.
  test.describe.configure({ timeout: 120_000 });

  test('the owner adds a colour with a photo and stock, shoppers see it; hiding takes it out; an open order keeps it', async ({
    page,
    shopperPage: shop,
    request,
  }) => {
    const name = `Dune Overshirt ${Date.now().toString(36)}`;
    const staff = await staffApi(request);
    const { product } = await staff(
      '/products',
      {
        name,
        category: 'men',
        brand: 'SHOPPER',
        price: 58,
        sizes: ['S', 'M'],
        colours: [{ name: 'Sand', swatch: '#d8c6a4', stock: { S: 4, M: 4 } }],
        status: 'published',
      },
      AdminProductAnswerSchema,
    );
    const path = `/products/${product.slug}`;
    const customer = await signUpVerified(shop.request);
    const colours = page.getByRole('list', { name: 'Colours' });

    await test.step('a shopper sees the product in its one colour: no colour to choose', async () => {
      await openSignedIn(shop, customer, path);
      await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(colourGroup(shop)).toHaveCount(0);
    });

    await test.step('the owner adds Sage to the product: it is listed after Sand, with no stock yet', async () => {
      await openBackOffice(page, 'owner', `/dashboard/products/${product.id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(colours.getByRole('listitem')).toHaveCount(1);
      const form = page.getByRole('form', { name: 'Add a colour' });
      await form.getByLabel('Colour name').fill('Sage');
      await form.getByLabel('Swatch', { exact: true }).fill('#9caf88');
      await form.getByRole('button', { name: 'Add colour' }).click();
      await expect(colours.getByRole('listitem')).toHaveCount(2);
      await expect(colourRow(page, 'Sand')).toContainText('Default');
      await expect(colourRow(page, 'Sage')).toContainText('#9caf88');
      await expect(colourRow(page, 'Sage')).toContainText('0 in stock');
    });

    await test.step('uploads a photo of Sage', async () => {
      await page.getByLabel('Photos of the colour').selectOption({ label: 'Sage · 0' });
      await page
        .getByLabel('Upload images of Sage')
        .setInputFiles([{ name: 'sage.png', mimeType: 'image/png', buffer: solidPng(480, 600, [156, 175, 136]) }]);
      await expect(page.getByRole('img', { name: `Image 1 of ${name} in Sage` })).toBeVisible();
      await screenshotBothSizes(page, 'back-office-colours');
    });

    await test.step('puts 3 of Sage in M on the shelf from the stock grid', async () => {
      await page.getByRole('link', { name: 'Stock by colour' }).click();
      const grid = page.getByRole('region', { name: 'Stock by colour and size' });
      await grid.getByRole('button', { name: 'Change stock of Sage in size M: 0' }).click();
      const change = page.getByRole('form', { name: 'Change stock' });
      await expect(change.getByLabel('Colour').locator('option:checked')).toHaveText('Sage');
      await expect(change.getByLabel('Size').locator('option:checked')).toHaveText('M (0 in stock)');
      await change.getByLabel('Amount').fill('3');
      await change.getByLabel('Note').fill('First delivery of Sage');
      await change.getByRole('button', { name: 'Save stock' }).click();
      await expect(grid.getByRole('button', { name: 'Change stock of Sage in size M: 3' })).toBeVisible();
      await expect(grid.getByRole('button', { name: 'Change stock of Sage in size S: 0' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Stock ledger' })).toContainText('First delivery of Sage');
    });

    await test.step('the shopper reloads: two swatches, and Sage shows its photo with S sold out', async () => {
      await shop.reload();
      await expect(colourGroup(shop).getByRole('radio')).toHaveCount(2);
      await colourGroup(shop).getByRole('radio', { name: 'Sage', exact: true }).click();
      await expect(shop).toHaveURL(`${path}?colour=sage`);
      const photo = shop.getByRole('main').getByRole('img', { name, exact: true }).first();
      await expect(photo).toHaveAttribute('src', /^\/images\/uploads\//);
      await expect(shop.getByRole('radio', { name: /^S\b/ })).toBeDisabled();
      await expect(shop.getByRole('radio', { name: 'M', exact: true })).toBeEnabled();
    });

    await test.step('the owner hides Sage: the shop offers Sand alone, even at the Sage address', async () => {
      await page.goto(`/dashboard/products/${product.id}`);
      await colourRow(page, 'Sage').getByRole('button', { name: 'Hide Sage' }).click();
      await expect(colourRow(page, 'Sage')).toContainText('Hidden');
      await expect.poll(() => visibleColours(request, product.id)).toEqual(['Sand']);
      await shop.goto(`${path}?colour=sage`);
      await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(colourGroup(shop)).toHaveCount(0);
      await expect(shop.getByRole('main').getByRole('img', { name, exact: true }).first()).not.toHaveAttribute(
        'src',
        /^\/images\/uploads\//,
      );
    });

    await test.step('shows Sage again, and the shopper buys Sage in M', async () => {
      await colourRow(page, 'Sage').getByRole('button', { name: 'Show Sage' }).click();
      await expect(colourRow(page, 'Sage')).not.toContainText('Hidden');
      await expect.poll(() => visibleColours(request, product.id)).toEqual(['Sand', 'Sage']);
      await shop.goto(`${path}?colour=sage`);
      await expect(colourGroup(shop).getByRole('radio', { name: 'Sage', exact: true })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await shop.getByRole('radio', { name: 'M', exact: true }).check();
      await shop.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(shop.getByText(`Added ${name} (Sage, M) to your cart`)).toBeVisible();
      await checkOut(shop, customer);
      await expect(shop.getByRole('main')).toContainText(`${UI.colourAndSize('Sage', 'M')} · Qty 1`);
    });

    await test.step('the owner tries to remove Sage while that order is open: refused, hide it instead', async () => {
      await page.reload();
      await colourRow(page, 'Sage').getByRole('button', { name: 'Remove Sage' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove Sage?' });
      await dialog.getByRole('button', { name: 'Remove colour' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(ADMIN_CATALOG_MESSAGES.colourHasOpenOrders);
      await dialog.getByRole('button', { name: 'Back' }).click();
      await expect(dialog).toBeHidden();
      await expect(colours.getByRole('listitem')).toHaveCount(2);
      await expect(colourRow(page, 'Sage')).toContainText('2 in stock');
    });
  });
});

/** The product's visible colours as the shop's API answers them, in swatch order. */
async function visibleColours(request: APIRequestContext, id: string): Promise<string[]> {
  const response = await request.get(`/api/products/${id}`);
  return ProductAnswerSchema.parse(await response.json()).product.colours.map((colour) => colour.name);
}
