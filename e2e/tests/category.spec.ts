import { expect, test } from '../fixtures/test.ts';
import { CATEGORIES, MESSAGES } from '@shopper/contract';
import { categoryLabel, listCategory } from '../fixtures/catalog.ts';
import { productCards, productGrid } from '../fixtures/listing.ts';

test.describe('category pages', () => {
  for (const category of CATEGORIES) {
    const label = categoryLabel(category);

    test(`/${category} shows the ${category} collection`, async ({ page, request }) => {
      const listing = await listCategory(request, category);
      const banner = page.getByRole('img', { name: new RegExp(`^${label}('s|')? collection: `, 'i') });

      await test.step(`the visitor opens /${category}: the collection's title, heading and banner`, async () => {
        await page.goto(`/${category}`);
        await expect(page).toHaveTitle(`${label} Collection | SHOPPER`);
        await expect(page.getByRole('heading', { level: 1, name: `${label} Collection` })).toBeAttached();
        await expect(banner).toHaveAttribute('src', `/images/banners/${category}.svg`);
        await expect(banner).toHaveAttribute('width', '1440');
        await expect(banner).toHaveAttribute('height', '360');
        await expect(banner).toBeVisible();
      });

      await test.step("the browser loads one of the WebP renderings the banner's srcset offers", async () => {
        await expect
          .poll(() => banner.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
          .toBe(true);
        expect(await banner.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname)).toMatch(
          new RegExp(`^/images/banners/${category}-(720|1080|1440)\\.webp$`),
        );
      });

      await test.step('the breadcrumb leads home from the category', async () => {
        const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
        await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
        await expect(breadcrumb.getByText(label, { exact: true })).toHaveAttribute('aria-current', 'page');
      });

      await test.step('the grid lists every product of the category', async () => {
        const grid = productGrid(page);
        await expect(productCards(page)).toHaveCount(listing.products.length);
        await expect(
          grid.getByRole('link', {
            name: listing.products[0]!.name,
            exact: true,
          }),
        ).toBeVisible();
        expect(listing.products.every((product) => product.category === category)).toBe(true);
      });
    });
  }

  test('the navigation bar switches between categories', async ({ page }) => {
    await page.goto('/men');
    await expect(page.getByRole('heading', { level: 1, name: 'Men Collection' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Kids', exact: true }).click();
    await expect(page).toHaveURL('/kids');
    await expect(page.getByRole('heading', { level: 1, name: 'Kids Collection' })).toBeVisible();
  });

  test('an unknown category is a missing page', async ({ page }) => {
    await page.goto('/pets');
    await expect(page.getByText(MESSAGES.pageNotFound)).toBeVisible();
    await expect(page.getByText('/pets')).toBeVisible();
  });
});
