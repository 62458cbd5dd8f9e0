import { expect, test } from '../fixtures/test.ts';
import { MESSAGES, hasDiscount } from '@shopper/contract';
import { listProducts, searchWord } from '../fixtures/catalog.ts';
import { cardRatings, expectFirstCard, paidPrices, productCards, productGrid } from '../fixtures/listing.ts';

test.describe('shop page', () => {
  test('lists the catalog under Special Offers & Deals', async ({ page, request }) => {
    const firstPage = await listProducts(request);

    await page.goto('/shop');

    await expect(page.getByRole('heading', { level: 1, name: 'Special Offers & Deals' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByText('Shop', { exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(productCards(page)).toHaveCount(12);
    await expectFirstCard(page, firstPage.products[0]!.name);
    await expect(page.getByRole('complementary', { name: 'Product filters' })).toBeVisible();
  });

  test('the discount filter is mirrored in the URL and keeps only discounted products', async ({ page, request }) => {
    const discounted = await listProducts(request, { discount: 'true' });
    expect(discounted.products.every((p) => hasDiscount(p.old_price, p.new_price))).toBe(true);

    const discount = page.getByRole('checkbox', { name: /on sale|discount/i });

    await test.step('the visitor ticks the discount filter: only discounted products, in the URL too', async () => {
      await page.goto('/shop');
      await expect(discount).not.toBeChecked();
      await discount.click();
      await expect(discount).toBeChecked();
      await expect(page).toHaveURL(/[?&]discount=true/);
      await expectFirstCard(page, discounted.products[0]!.name);
      const cards = productCards(page);
      await expect(cards).toHaveCount(discounted.products.length);
      for (const card of await cards.all()) {
        await expect(card).toContainText(/-\d+%/);
      }
    });

    await test.step('unticks it: the filter leaves the URL', async () => {
      await discount.click();
      await expect(discount).not.toBeChecked();
      await expect(page).not.toHaveURL(/discount=/);
    });
  });

  test('sorting by price is mirrored in the URL and orders the cards', async ({ page, request }) => {
    const cheapest = await listProducts(request, { sort: 'price-asc' });

    await page.goto('/shop');
    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });

    await expect(page).toHaveURL(/[?&]sort=price-asc/);
    await expectFirstCard(page, cheapest.products[0]!.name);
    const prices = await paidPrices(page);
    expect(prices).toHaveLength(12);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('paging is mirrored in the URL and Back returns to the first page', async ({ page, request }) => {
    const [first, second] = await Promise.all([listProducts(request), listProducts(request, { page: 2 })]);
    expect(second.products[0]!.id).not.toBe(first.products[0]!.id);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });

    await test.step('the visitor opens the shop and follows Page 2: the URL says page 2', async () => {
      await page.goto('/shop');
      await expectFirstCard(page, first.products[0]!.name);
      await pagination.getByRole('link', { name: 'Page 2' }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expectFirstCard(page, second.products[0]!.name);
      await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    });

    await test.step('goes Back: the first page', async () => {
      await page.goBack();
      await expect(page).toHaveURL('/shop');
      await expectFirstCard(page, first.products[0]!.name);
    });

    await test.step('follows Next page: page 2 again', async () => {
      await pagination.getByRole('link', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expectFirstCard(page, second.products[0]!.name);
    });
  });

  test('a page size of 24 shows 24 cards and starts again at page 1', async ({ page }) => {
    await page.goto('/shop?page=2');
    await expect(
      page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }),
    ).toHaveAttribute('aria-current', 'page');

    await page.getByLabel('Per page').selectOption('24');

    await expect(page).toHaveURL(/[?&]limit=24/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(productCards(page)).toHaveCount(24);
  });

  test('a maximum price keeps cheaper products only', async ({ page, request }) => {
    const byPrice = await listProducts(request, {
      sort: 'price-asc',
      limit: 100,
    });
    // A bound inside the catalog's range, so some products pass and some do not.
    const middle = byPrice.products[Math.floor(byPrice.products.length / 2)]!;
    const maxPrice = Math.floor(middle.new_price > 0 ? middle.new_price : middle.old_price);
    const expected = await listProducts(request, { maxPrice, limit: 100 });
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(byPrice.total);

    await page.goto('/shop?limit=48');
    await page.getByLabel('Max price').fill(String(maxPrice));
    await page.getByRole('button', { name: 'Apply price' }).click();

    await expect(page).toHaveURL(new RegExp(`[?&]maxPrice=${maxPrice}(&|$)`));
    await expect(page.getByText(`of ${expected.total} product`)).toBeVisible();
    const prices = await paidPrices(page);
    expect(prices.length).toBe(Math.min(48, expected.total));
    expect(prices.every((price) => price <= maxPrice)).toBe(true);
  });

  test('a rating filter keeps products rated that high or more', async ({ page, request }) => {
    const expected = await listProducts(request, { rating: 4, limit: 100 });
    expect(expected.total).toBeGreaterThan(0);

    const fourStars = page.getByRole('radio', { name: '4 stars and up' });

    await test.step('the visitor picks 4 stars and up: only products rated 4 or more', async () => {
      await page.goto('/shop?limit=48');
      await fourStars.click();
      await expect(fourStars).toBeChecked();
      await expect(page).toHaveURL(/[?&]rating=4/);
      await expect(page.getByText(`of ${expected.total} product`)).toBeVisible();
      const ratings = await cardRatings(page);
      expect(ratings.length).toBe(Math.min(48, expected.total));
      expect(ratings.every((rating) => rating >= 4)).toBe(true);
    });

    await test.step('clicks the active rating again: the filter is cleared', async () => {
      await fourStars.click();
      await expect(page).not.toHaveURL(/rating=/);
      await expect(fourStars).not.toBeChecked();
    });
  });

  test('the header search box shows the matching products in the shop', async ({ page, request }) => {
    const all = await listProducts(request, { limit: 100 });
    const word = searchWord(all.products[all.products.length - 1]!);
    const matches = await listProducts(request, { q: word, limit: 100 });
    expect(matches.total).toBeGreaterThan(0);

    await page.goto('/');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await search.fill(word);
    await search.press('Enter');

    await expect(page).toHaveURL(new RegExp(`/shop\\?(.*&)?q=${encodeURIComponent(word)}`));
    await expectFirstCard(page, matches.products[0]!.name);
    await expect(productCards(page)).toHaveCount(Math.min(12, matches.total));
  });

  test('filters that match nothing say so, and clearing them brings the products back', async ({ page, request }) => {
    const priciest = (await listProducts(request, { sort: 'price-desc', limit: 1 })).products[0]!;
    const aboveAll = Math.ceil(Math.max(priciest.old_price, priciest.new_price)) + 1;

    await test.step('the visitor asks for prices above the dearest product: told nothing matches', async () => {
      await page.goto('/shop');
      await expect(productCards(page)).toHaveCount(12);
      await page.getByLabel('Min price').fill(String(aboveAll));
      // docs/product.md#listing-filters: a maximum of 0 means no upper bound.
      await page.getByLabel('Max price').fill('0');
      await page.getByRole('button', { name: 'Apply price' }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]minPrice=${aboveAll}`));
      await expect(page.getByText(MESSAGES.noProductsMatchFilters)).toBeVisible();
      await expect(productGrid(page)).toHaveCount(0);
    });

    await test.step('clears the filters: the products are back', async () => {
      await page.getByRole('button', { name: 'Clear filters' }).first().click();
      await expect(page).toHaveURL('/shop');
      await expect(productCards(page)).toHaveCount(12);
    });
  });
});
