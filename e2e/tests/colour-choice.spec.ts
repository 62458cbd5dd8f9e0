import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { SHOP_UI_MESSAGES as UI, type Product } from '@shopper/contract';
import { openSignedIn, signUpVerified, waitForMail } from '../fixtures/accounts.ts';
import { drawingOf, findColourChoice } from '../fixtures/catalog.ts';
import { cartLink, checkOut } from '../fixtures/shop.ts';

/** The product's main photo on its page (the related products below carry other names). */
function mainPhoto(page: Page, product: Product): Locator {
  return page.getByRole('main').getByRole('img', { name: product.name, exact: true }).first();
}

function sizeRadio(page: Page, size: string): Locator {
  // A sold-out size reads 'L Sold out'.
  return page.getByRole('radio', { name: new RegExp(`^${size}\\b`) });
}

function colourGroup(page: Page): Locator {
  return page.getByRole('radiogroup', { name: UI.colourLabel });
}

test.describe('choosing a colour', () => {
  test('a swatch swaps the photos and the sold-out sizes, works without JavaScript, and the colour is what is bought', async ({
    page,
    browser,
    request,
  }) => {
    // A checkout and a second, script-less browser on top of the product page.
    test.slow();
    const { product, from, to, kept, soldOutInTo } = await findColourChoice(request);
    const path = `/products/${product.slug}`;
    const account = await signUpVerified(page.request);

    await test.step('the shopper opens the product: the default colour is chosen, with its photos and sizes', async () => {
      await openSignedIn(page, account, path);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(colourGroup(page).getByRole('radio')).toHaveCount(product.colours.length);
      await expect(colourGroup(page).getByRole('radio', { name: from.name, exact: true })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await expect(page.getByText(`${UI.colourLabel} ${from.name}`, { exact: true })).toBeVisible();
      await expect(mainPhoto(page, product)).toHaveAttribute('src', drawingOf(from));
      await expect(sizeRadio(page, soldOutInTo)).toBeEnabled();
    });

    await test.step(`picks size ${kept}, then the ${to.name} swatch: its photos, its sold-out sizes, the same size`, async () => {
      await sizeRadio(page, kept).check();
      await colourGroup(page).getByRole('radio', { name: to.name, exact: true }).click();
      await expect(page).toHaveURL(`${path}?colour=${to.slug}`);
      await expect(colourGroup(page).getByRole('radio', { name: to.name, exact: true })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await expect(colourGroup(page).getByRole('radio', { name: from.name, exact: true })).toHaveAttribute(
        'aria-checked',
        'false',
      );
      await expect(mainPhoto(page, product)).toHaveAttribute('src', drawingOf(to));
      await expect(mainPhoto(page, product)).toHaveAttribute('src', to.mainImage);
      await expect(sizeRadio(page, soldOutInTo)).toBeDisabled();
      await expect(sizeRadio(page, soldOutInTo)).toHaveAccessibleName(`${soldOutInTo} Sold out`);
      await expect(sizeRadio(page, kept)).toBeChecked();
    });

    await test.step('without JavaScript, a swatch is a link the server answers with that colour', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      try {
        const plain = await context.newPage();
        await plain.goto(path);
        const swatch = colourGroup(plain).getByRole('radio', { name: to.name, exact: true });
        await expect(swatch).toHaveAttribute('href', `?colour=${to.slug}`);
        await expect(mainPhoto(plain, product)).toHaveAttribute('src', drawingOf(from));
        await swatch.click();
        await expect(plain).toHaveURL(`${path}?colour=${to.slug}`);
        await expect(colourGroup(plain).getByRole('radio', { name: to.name, exact: true })).toHaveAttribute(
          'aria-checked',
          'true',
        );
        await expect(mainPhoto(plain, product)).toHaveAttribute('src', drawingOf(to));
        await expect(sizeRadio(plain, soldOutInTo)).toBeDisabled();
        await expect(sizeRadio(plain, kept)).toBeEnabled();
      } finally {
        await context.close();
      }
    });

    await test.step(`adds ${to.name} in ${kept}: the cart names the colour`, async () => {
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText(`Added ${product.name} (${to.name}, ${kept}) to your cart`)).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
      await cartLink(page).click();
      await expect(page).toHaveURL('/cart');
      await expect(page.getByRole('main').getByText(UI.colourAndSize(to.name, kept), { exact: true })).toBeVisible();
      await expect(
        page.getByRole('spinbutton', { name: `Quantity of ${product.name} (${to.name}, ${kept})` }),
      ).toHaveValue('1');
    });

    const order = await test.step('pays: the confirmation names the colour and shows its photo', async () => {
      const order = await checkOut(page, account);
      const line = page.getByRole('main').getByRole('listitem').filter({ hasText: product.name });
      await expect(line).toContainText(`${UI.colourAndSize(to.name, kept)} · Qty 1`);
      await expect(line.locator('img')).toHaveAttribute('src', drawingOf(to));
      return order;
    });

    await test.step('the order history names the colour', async () => {
      await page.goto('/account/orders');
      const card = page.getByRole('article', { name: `Order #${order.orderNumber}` });
      const line = card.getByRole('list', { name: 'Items' }).getByRole('listitem').filter({ hasText: product.name });
      await expect(line).toContainText(`${UI.colourAndSize(to.name, kept)} · Qty 1`);
    });

    await test.step("the order's mail names the colour", async () => {
      const mail = await waitForMail(request, account.email, new RegExp(`order ${order.orderNumber}$`));
      expect(mail.text).toContain(`1 × ${product.name} (${to.name}, size ${kept})`);
    });
  });
});
