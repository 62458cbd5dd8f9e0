import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import {
  BACK_OFFICE_UI_MESSAGES as T,
  CATALOG_IMPORT_MESSAGES,
  MESSAGES,
  SHOP_UI_MESSAGES as UI,
  formatUsd,
} from '@shopper/contract';
import { backOfficeNav, openBackOffice, screenshotBothSizes } from '../fixtures/back-office.ts';

/**
 * A Shopify export of 30 products. On the demo shop 29 are new and one, `pleated-midi-skirt`, is a
 * demo product the file archives, re-prices and gives a colour Lilac. `linen-shirt` comes in Sage,
 * White and Navy (Shopify's `Color` in Option2), with Sage sold out in M and White in L; its pictures
 * are on cdn.shopify.com, which a fresh shop does not allow.
 */
const CSV = fileURLToPath(new URL('../fixtures/shopify-products.csv', import.meta.url));

/** The job's counts as the summary shows them: a term and its number. */
function count(page: Page, term: string): Locator {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

function reportRow(page: Page, handle: string): Locator {
  return page.getByRole('table', { name: 'Import report' }).getByRole('row').filter({ hasText: handle });
}

test.describe('back office: catalog import', () => {
  test('the owner checks a Shopify CSV, imports it while the progress shows, and shoppers find its products in their colours', async ({
    page,
    shopperPage: shop,
  }) => {
    // A dry run, an import polled to its end, and the storefront before and after.
    test.slow();

    await test.step('the owner opens Import and checks the file: a report by line', async () => {
      await openBackOffice(page, 'owner');
      await backOfficeNav(page).getByRole('link', { name: 'Import', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: T.importTitle })).toBeVisible();
      await page.getByRole('button', { name: T.importCheck }).click();
      await expect(page.getByText(T.importFileMissing)).toBeVisible();
      await page.getByLabel(T.importFileLabel).setInputFiles(CSV);
      await page.getByRole('button', { name: T.importCheck }).click();
      await expect(page).toHaveURL(/\/dashboard\/catalog-import\?job=[^&]+$/);
      await expect(page.getByRole('heading', { name: 'shopify-products.csv' })).toBeVisible();
      await expect(page.getByText('Checked', { exact: true })).toBeVisible();
    });

    await test.step('reads the dry run: 29 to create, 1 to update, nothing written yet', async () => {
      await expect(count(page, 'To create')).toHaveText('29');
      await expect(count(page, 'To update')).toHaveText('1');
      await expect(count(page, 'Unchanged')).toHaveText('0');
      await expect(count(page, 'Refused')).toHaveText('0');
      await expect(page.getByText(T.importNothingWritten)).toBeVisible();
      await expect(page.getByRole('table', { name: 'Import report' }).getByRole('row')).toHaveCount(31);
      await expect(reportRow(page, 'linen-shirt')).toContainText('Linen Shirt');
      await expect(reportRow(page, 'linen-shirt')).toContainText(T.importActionLabels.create);
      const update = reportRow(page, 'pleated-midi-skirt');
      await expect(update).toContainText(T.importActionLabels.update);
      await expect(update).toContainText('status');
      await expect(update).toContainText('colour Lilac');
      await screenshotBothSizes(page, 'back-office-import-checked');

      await shop.goto('/products/linen-shirt');
      await expect(shop.getByRole('heading', { name: MESSAGES.productNotFound })).toBeVisible();
    });

    await test.step('imports the 30 products: the progress runs to done', async () => {
      await page.getByRole('button', { name: T.importApply(30) }).click();
      // The runner may be done before the first poll; when the bar shows, it counts the file's products.
      const progress = page.getByRole('progressbar', { name: 'Import progress' });
      const done = page.getByRole('status').filter({ hasText: T.importDone });
      await expect(progress.or(done)).toBeVisible();
      if (await progress.isVisible()) await expect(progress).toHaveAttribute('aria-valuemax', '30');
      await expect(done).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Done', { exact: true })).toBeVisible();
      await expect(count(page, 'Created')).toHaveText('29');
      await expect(count(page, 'Updated')).toHaveText('1');
      await expect(count(page, 'Images fetched')).toHaveText('0');
    });

    await test.step('the report says what each product got, and why the Shopify pictures were not fetched', async () => {
      const shirt = reportRow(page, 'linen-shirt');
      await expect(shirt).toContainText(/Stock \+\d+ · 0 images fetched/);
      await expect(shirt).toContainText(
        `Skipped https://cdn.shopify.com/s/files/1/0612/3456/7890/files/linen-shirt-sage-front.jpg?v=1759705605: ${CATALOG_IMPORT_MESSAGES.imageHostNotAllowed}`,
      );
      await screenshotBothSizes(page, 'back-office-import-done');
    });

    await test.step('a shopper opens the Linen Shirt: its three colours, each with its own sold-out size', async () => {
      await shop.goto('/products/linen-shirt');
      await expect(shop.getByRole('heading', { level: 1, name: 'Linen Shirt' })).toBeVisible();
      await expect(
        shop
          .getByRole('main')
          .getByText(`Sale price ${formatUsd(49.99)}`)
          .first(),
      ).toBeVisible();
      const colours = shop.getByRole('radiogroup', { name: UI.colourLabel });
      await expect(colours.getByRole('radio')).toHaveText(['Sage', 'White', 'Navy']);
      await expect(colours.getByRole('radio', { name: 'Sage' })).toHaveAttribute('aria-checked', 'true');
      await expect(shop.getByRole('radio', { name: /^M\b/ })).toBeDisabled();
      await expect(shop.getByRole('radio', { name: 'L', exact: true })).toBeEnabled();
      await colours.getByRole('radio', { name: 'White' }).click();
      await expect(shop).toHaveURL('/products/linen-shirt?colour=white');
      await expect(shop.getByRole('radio', { name: 'M', exact: true })).toBeEnabled();
      await expect(shop.getByRole('radio', { name: /^L\b/ })).toBeDisabled();
    });

    await test.step('finds it in the men collection filtered by green, linked to its Sage', async () => {
      await shop.goto('/men?colours=green');
      await expect(
        shop.getByRole('list', { name: 'Products' }).getByRole('link', { name: 'Linen Shirt', exact: true }),
      ).toHaveAttribute('href', '/products/linen-shirt?colour=sage');
    });

    await test.step('the product the file archived has left the shop', async () => {
      await shop.goto('/products/pleated-midi-skirt');
      await expect(shop.getByRole('heading', { name: MESSAGES.productNotFound })).toBeVisible();
    });
  });

  test('a bookmark of the import’s former address opens the catalog import', async ({ page }) => {
    await openBackOffice(page, 'staff');
    await page.goto('/dashboard/import');
    await expect(page).toHaveURL('/dashboard/catalog-import');
    await expect(page.getByRole('heading', { level: 1, name: T.importTitle })).toBeVisible();
  });
});
