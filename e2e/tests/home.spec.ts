import { expect, test } from '../fixtures/test.ts';
import { COPYRIGHT_YEAR, SITE_TITLE_SUFFIX } from '@shopper/contract';
import { getFeaturedWomen, getNewCollection } from '../fixtures/catalog.ts';
import { cardsIn } from '../fixtures/listing.ts';

test.describe('home page', () => {
  test('shows the hero, the product sections, the deals banner, the newsletter and the footer', async ({
    page,
    request,
  }) => {
    const featured = await getFeaturedWomen(request);
    const newest = await getNewCollection(request);

    await test.step('the visitor opens the home page: the hero leads to the latest collection', async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'NEW ARRIVALS ONLY' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Latest Collection/ })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`.+${SITE_TITLE_SUFFIX.replace(/[|]/g, '\\|')}$`));
    });

    await test.step("Popular For Women shows the featured women's products", async () => {
      const popular = page.getByRole('region', { name: 'Popular For Women' });
      await expect(popular.getByRole('heading', { name: 'Popular For Women' })).toBeVisible();
      await expect(cardsIn(popular)).toHaveCount(featured.length);
      for (const product of featured) {
        expect(product.category).toBe('women');
        await expect(popular.getByRole('link', { name: product.name, exact: true })).toBeVisible();
      }
    });

    await test.step('the deals banner offers to discover them', async () => {
      await expect(page.getByText('Exclusive Deals')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Discover Now' })).toBeVisible();
    });

    await test.step('New Collection shows the newest products', async () => {
      const collection = page.getByRole('region', { name: 'New Collection' });
      await expect(cardsIn(collection)).toHaveCount(newest.length);
      await expect(collection.getByRole('link', { name: newest[0]!.name, exact: true })).toBeVisible();
    });

    await test.step('the newsletter form and the footer close the page', async () => {
      await expect(page.getByRole('textbox', { name: /email/i })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(`© ${COPYRIGHT_YEAR}`);
    });
  });

  test('the header links lead to each part of the shop', async ({ page }) => {
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main' });

    await test.step('a guest opens the home page: the header offers Login and Signup', async () => {
      await page.goto('/');
      await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
      await expect(header.getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/signup');
    });

    for (const [label, path, heading] of [
      ['Men', '/men', 'Men Collection'],
      ['Women', '/women', 'Women Collection'],
      ['Kids', '/kids', 'Kids Collection'],
      ['Shop', '/shop', 'Special Offers & Deals'],
      ['Home', '/', 'NEW ARRIVALS ONLY'],
    ] as const) {
      await test.step(`clicks ${label} in the navigation: ${heading}`, async () => {
        await nav.getByRole('link', { name: label, exact: true }).click();
        await expect(page).toHaveURL(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      });
    }

    await test.step('clicks the logo in the shop: the home page', async () => {
      await page.goto('/shop');
      await header.getByRole('link', { name: 'SHOPPER home' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1, name: 'NEW ARRIVALS ONLY' })).toBeVisible();
    });
  });

  test('Latest Collection opens the shop', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /Latest Collection/ }).click();
    await expect(page).toHaveURL('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Special Offers & Deals' })).toBeVisible();
  });

  test('Discover Now opens the shop with only discounted products', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Discover Now' }).click();
    await expect(page).toHaveURL('/shop?discount=true');
    await expect(page.getByRole('heading', { level: 1, name: 'Special Offers & Deals' })).toBeVisible();
    // docs/product.md#shop: the discount filter is preselected when the URL has it.
    await expect(page.getByRole('checkbox', { name: /on sale|discount/i })).toBeChecked();
  });

  test('a product card opens its product page', async ({ page, request }) => {
    const product = (await getFeaturedWomen(request))[0]!;

    await page.goto('/');
    await page
      .getByRole('region', { name: 'Popular For Women' })
      .getByRole('link', { name: product.name, exact: true })
      .click();
    await expect(page).toHaveURL(`/products/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  });
});
