import { expect, test } from '../fixtures/test.ts';
import { MESSAGES, discountPercent, formatUsd } from '@shopper/contract';
import {
  categoryLabel,
  findDiscountedProduct,
  findProductWithSoldOutSize,
  firstSizeInStock,
  getRelatedProducts,
  pickerStock,
} from '../fixtures/catalog.ts';

test.describe('product page', () => {
  test('a visit by id is replaced by the slug URL', async ({ page, request }) => {
    const product = await findDiscountedProduct(request);

    await test.step('the visitor opens the id URL: the address becomes the slug URL', async () => {
      await page.goto('/');
      await page.goto(`/product/${product.id}`);
      await expect(page).toHaveURL(`/products/${product.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    });

    await test.step('goes Back: the home page, as the id URL was replaced rather than pushed', async () => {
      await page.goBack();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1, name: 'NEW ARRIVALS ONLY' })).toBeVisible();
    });
  });

  test('shows the breadcrumb, the prices, the discount and the tabs', async ({ page, request }) => {
    const product = await findDiscountedProduct(request);
    const percent = discountPercent(product.old_price, product.new_price);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });

    await test.step('the visitor opens the product page: its name heads it and titles the tab', async () => {
      await page.goto(`/products/${product.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(page).toHaveTitle(`${product.name} | SHOPPER`);
    });

    await test.step('the breadcrumb leads home and to the category', async () => {
      await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      await expect(breadcrumb.getByRole('link', { name: categoryLabel(product.category) })).toHaveAttribute(
        'href',
        `/${product.category}`,
      );
      await expect(breadcrumb.getByText(product.name, { exact: true })).toBeVisible();
    });

    await test.step('the sale price, the regular price and the discount show', async () => {
      const main = page.getByRole('main');
      await expect(main.getByText(`Sale price ${formatUsd(product.new_price)}`).first()).toBeVisible();
      await expect(main.getByText(`Regular price ${formatUsd(product.old_price)}`).first()).toBeVisible();
      await expect(main.getByText(`${percent}% off`, { exact: true })).toBeVisible();
    });

    await test.step('the description is open; the visitor opens the reviews tab', async () => {
      const description = page.getByRole('tab', { name: 'Description' });
      const reviews = page.getByRole('tab', {
        name: `Reviews (${product.reviewCount})`,
      });
      await expect(description).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toContainText(product.longDescription || product.shortDescription);
      await reviews.click();
      await expect(reviews).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeVisible();
    });

    await test.step("follows the breadcrumb's category: the collection", async () => {
      await breadcrumb.getByRole('link', { name: categoryLabel(product.category) }).click();
      await expect(page).toHaveURL(`/${product.category}`);
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: `${categoryLabel(product.category)} Collection`,
        }),
      ).toBeVisible();
    });
  });

  test('a size is required before adding, and a guest is asked to log in', async ({ page, request }) => {
    const product = await findDiscountedProduct(request);
    const size = firstSizeInStock(product);

    const addToCart = page.getByRole('button', { name: 'Add to Cart' });

    await test.step('a guest presses Add to Cart without a size: asked to pick one', async () => {
      await page.goto(`/products/${product.slug}`);
      await addToCart.click();
      await expect(page.getByText(MESSAGES.selectSizeBeforeAdding)).toBeVisible();
      await expect(page.getByText(MESSAGES.selectSizeInline, { exact: true })).toBeVisible();
    });

    await test.step('picks a size and presses Add to Cart: asked to log in', async () => {
      await page.getByRole('radio', { name: size, exact: true }).check();
      await expect(page.getByText(MESSAGES.selectSizeInline, { exact: true })).toBeHidden();
      await addToCart.click();
      await expect(page.getByText(MESSAGES.loginToAddToCart)).toBeVisible();
    });
  });

  test('sold-out sizes cannot be chosen', async ({ page, request }) => {
    const product = await findProductWithSoldOutSize(request);
    expect(product, 'the demo catalog has a product with a sold-out size').toBeDefined();
    const soldOut = pickerStock(product!).find((entry) => entry.quantity === 0)!.size;

    await page.goto(`/products/${product!.slug}`);
    await expect(page.getByRole('radio', { name: new RegExp(`^${soldOut}\\b`) })).toBeDisabled();
    await expect(
      page.getByRole('radio', {
        name: firstSizeInStock(product!),
        exact: true,
      }),
    ).toBeEnabled();
  });

  test('Related Products lists other products of the same category', async ({ page, request }) => {
    const product = await findDiscountedProduct(request);
    const related = await getRelatedProducts(request, product);
    expect(related.length).toBeGreaterThan(0);

    const section = page.getByRole('region', { name: 'Related Products' });

    await test.step('the visitor opens a product page: Related Products lists others of its category', async () => {
      await page.goto(`/products/${product.slug}`);
      await expect(section.getByRole('heading', { name: 'Related Products' })).toBeVisible();
      for (const other of related) {
        expect(other.category).toBe(product.category);
        expect(other.id).not.toBe(product.id);
        await expect(section.getByRole('link', { name: other.name, exact: true })).toBeVisible();
      }
      await expect(section.getByRole('link', { name: product.name, exact: true })).toHaveCount(0);
    });

    await test.step('opens one of them', async () => {
      const next = related[0]!;
      await section.getByRole('link', { name: next.name, exact: true }).click();
      await expect(page).toHaveURL(`/products/${next.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: next.name })).toBeVisible();
    });
  });

  test('an unknown slug shows Product Not Found with ways back to the shop', async ({ page }) => {
    await page.goto('/products/no-such-product-anywhere');

    await expect(page.getByRole('heading', { name: MESSAGES.productNotFound })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/');
    await page.getByRole('link', { name: 'Check Offers' }).click();
    await expect(page).toHaveURL('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Special Offers & Deals' })).toBeVisible();
  });

  test('an unknown id shows Product Not Found too', async ({ page }) => {
    await page.goto('/product/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: MESSAGES.productNotFound })).toBeVisible();
    await page.getByRole('link', { name: 'Browse Products' }).click();
    await expect(page).toHaveURL('/');
  });
});
