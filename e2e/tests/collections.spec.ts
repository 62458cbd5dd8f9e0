import { COLLECTION_MESSAGES as M, PAGE_TITLES, SITE_TITLE_SUFFIX } from '@shopper/contract';
import { openBackOffice, openScreen, screenshotBothSizes } from '../fixtures/back-office.ts';
import { cardsIn, paidPrices, productCards } from '../fixtures/listing.ts';
import { expect, test } from '../fixtures/test.ts';

test.describe('collections', () => {
  test('staff build a rule collection that shoppers browse', async ({ page, shopperPage: shop }) => {
    test.slow();
    const tag = Date.now().toString(36);
    const name = `Women under $60 ${tag}`;
    const slug = `women-under-60-${tag}`;
    const description = 'Everything for her at $60 or less, picked by a rule.';

    await test.step('staff make the collection by a rule in the back office', async () => {
      await openBackOffice(page, 'staff');
      await openScreen(page, 'Collections');
      await page.getByRole('link', { name: 'New collection' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New collection' })).toBeVisible();
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Slug', { exact: true }).fill('Not A Slug');
      await page.getByLabel('Description', { exact: true }).fill(description);
      await page.getByLabel('Category', { exact: true }).selectOption('women');
      await page.getByLabel('Price under ($)').fill('60');
      await page.getByRole('button', { name: 'Save collection' }).click();
      await expect(page.getByText(M.slugInvalid)).toBeVisible();
      await page.getByLabel('Slug', { exact: true }).fill(slug);
      await page.getByRole('button', { name: 'Save collection' }).click();
      await expect(page.getByText(M.created(name))).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await screenshotBothSizes(page, 'back-office-collection-editor');
      await openScreen(page, 'Collections');
      await expect(page.getByRole('link', { name })).toBeVisible();
      await screenshotBothSizes(page, 'back-office-collections');
    });

    await test.step('staff feature it on the home page', async () => {
      await page.getByRole('link', { name: 'Home page sections' }).click();
      await page.getByLabel('Collection to feature').selectOption({ label: name });
      await page.getByRole('button', { name: 'Feature it' }).click();
      await expect(page.getByRole('list', { name: 'Featured collections' }).getByText(name)).toBeVisible();
      await page.getByRole('button', { name: 'Save home page' }).click();
      await expect(page.getByText(M.homeSaved)).toBeVisible();
      await screenshotBothSizes(page, 'back-office-home-sections');
    });

    await test.step('a shopper finds it on the home page and opens it', async () => {
      await shop.goto('/');
      await expect(shop.getByRole('heading', { level: 1, name: 'NEW ARRIVALS ONLY' })).toBeVisible();
      const section = shop.getByRole('region', { name });
      await expect(cardsIn(section).first()).toBeVisible();
      await section.getByRole('link', { name: new RegExp(`^${M.shopCollection}`) }).click();
      await expect(shop).toHaveURL(new RegExp(`/collections/${slug}$`));
    });

    await test.step('staff put the home page back to its default', async () => {
      await page.getByRole('button', { name: `Remove ${name}` }).click();
      await page.getByRole('button', { name: 'Save home page' }).click();
      await expect(page.getByText(M.homeSaved).last()).toBeVisible();
    });

    await test.step("the collection's page lists women's pieces at $60 or less, and sorts them", async () => {
      await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(shop.getByText(description)).toBeVisible();
      await expect(shop).toHaveTitle(`${name}${SITE_TITLE_SUFFIX}`);
      await expect(productCards(shop).first()).toBeVisible();
      for (const price of await paidPrices(shop)) expect(price).toBeLessThanOrEqual(60);
      await shop.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
      await expect(shop).toHaveURL(/sort=price-asc/);
      await expect(async () => {
        const prices = await paidPrices(shop);
        expect(prices).toEqual(prices.toSorted((a, b) => a - b));
      }).toPass();
      for (const [label, size] of [
        ['desktop', { width: 1280, height: 800 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await shop.setViewportSize(size);
        await shop.screenshot({ path: `test-results/screens/collection-page-${label}.png`, fullPage: true });
      }
    });

    await test.step('crawlers get the page from the server with its JSON-LD, and it is in the sitemap', async () => {
      const html = await (await shop.request.get(`/collections/${slug}`)).text();
      expect(html).toContain('"@type":"CollectionPage"');
      expect(html).toContain('"@type":"ItemList"');
      expect(html).toContain(`<link rel="canonical" href="`);
      const sitemap = await (await shop.request.get('/sitemap.xml')).text();
      expect(sitemap).toContain(`/collections/${slug}</loc>`);
    });

    await test.step('hidden by staff, the collection is gone for shoppers', async () => {
      await openScreen(page, 'Collections');
      await page.getByRole('link', { name }).click();
      await page.getByLabel('Hidden from shoppers').check();
      await page.getByRole('button', { name: 'Save collection' }).click();
      await expect(page.getByText(M.saved(name))).toBeVisible();
      await expect(async () => {
        const response = await shop.request.get(`/collections/${slug}`);
        expect(response.status()).toBe(404);
      }).toPass();
      await shop.reload();
      await expect(shop.getByRole('heading', { level: 1, name: PAGE_TITLES.notFound })).toBeVisible();
    });
  });
});
