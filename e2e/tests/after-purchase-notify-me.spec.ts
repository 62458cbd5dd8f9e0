import { expect, test } from '../fixtures/test.ts';
import { AdminProductAnswerSchema, BACK_IN_STOCK_MESSAGES as B, SHOP_UI_MESSAGES as UI } from '@shopper/contract';
import { linkIn, uniqueEmail, waitForMail } from '../fixtures/accounts.ts';
import { expectAccessibleAtBothSizes } from '../fixtures/accessibility.ts';
import { openBackOffice, staffApi } from '../fixtures/back-office.ts';

test.describe('notify me when it is back', () => {
  test.describe.configure({ timeout: 120_000 });

  test('notify-me, from the sold-out tap to the mail after a restock in the back office', async ({
    page,
    shopperPage: shop,
    request,
  }) => {
    const name = `Harbour Knit ${Date.now().toString(36)}`;
    const staff = await staffApi(request);
    const { product } = await staff(
      '/products',
      {
        name,
        category: 'women',
        brand: 'SHOPPER',
        price: 64,
        sizes: ['S', 'M'],
        colours: [
          { name: 'Sage', swatch: '#9caf88', stock: { S: 3, M: 3 } },
          { name: 'Rust', swatch: '#b7410e', stock: { S: 2, M: 0 } },
        ],
        status: 'published',
      },
      AdminProductAnswerSchema,
    );
    const email = uniqueEmail('waiter');

    await test.step('a guest on the sold-out M in Rust leaves an email and is asked to confirm it', async () => {
      await shop.goto(`/products/${product.slug}?colour=rust`);
      await expect(shop.getByRole('radio', { name: /^M\s*Sold out/ })).toBeDisabled();
      const box = shop.getByRole('region', { name: B.notifyMe });
      await expect(box).toContainText('Size M is sold out.');
      await box.getByLabel(B.emailLabel).fill(email);
      await box.getByRole('button', { name: B.notifyMe }).click();
      await expect(box.getByRole('status')).toHaveText(B.checkInbox);
      await expectAccessibleAtBothSizes(shop, 'notify me on a product page');
    });

    await test.step('follows the link in the confirmation mail: on the list', async () => {
      const confirmation = await waitForMail(request, email, /^Confirm: tell me when/);
      expect(confirmation.subject).toBe(`Confirm: tell me when ${name} (Rust, size M) is back`);
      await shop.goto(linkIn(confirmation, '/back-in-stock/confirm'));
      await expect(shop.getByRole('heading', { name: B.confirmTitle.done })).toBeVisible();
      await expect(shop.getByText(B.confirmed)).toBeVisible();
      await expectAccessibleAtBothSizes(shop, 'back-in-stock confirmation page');
    });

    await test.step('staff put 4 of Rust in M back on the shelf from the stock grid', async () => {
      await openBackOffice(page, 'owner', `/dashboard/products/${product.id}`);
      await page.getByRole('link', { name: 'Stock by colour' }).click();
      const grid = page.getByRole('region', { name: 'Stock by colour and size' });
      await grid.getByRole('button', { name: 'Change stock of Rust in size M: 0' }).click();
      const change = page.getByRole('form', { name: 'Change stock' });
      await change.getByLabel('Amount').fill('4');
      await change.getByLabel('Note').fill('Rust M is back');
      await change.getByRole('button', { name: 'Save stock' }).click();
      await expect(grid.getByRole('button', { name: 'Change stock of Rust in size M: 4' })).toBeVisible();
    });

    await test.step('the guest is mailed once; its link opens the product in Rust with M chosen', async () => {
      const back = await waitForMail(request, email, /is back in stock$/);
      expect(back.subject).toBe(`${name} (Rust, size M) is back in stock`);
      await shop.goto(linkIn(back, '/products/'));
      await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(
        shop.getByRole('radiogroup', { name: UI.colourLabel }).getByRole('radio', { name: 'Rust' }),
      ).toHaveAttribute('aria-checked', 'true');
      await expect(shop.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
      await expect(shop.getByText('Only 4 left in M')).toBeVisible();
      await expect(shop.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    });

    await test.step('the unsubscribe link of the mail stops them in one click', async () => {
      const back = await waitForMail(request, email, /is back in stock$/);
      await shop.goto(linkIn(back, '/back-in-stock/unsubscribe'));
      await expect(shop.getByRole('heading', { name: B.unsubscribeTitle.done })).toBeVisible();
      await expect(shop.getByText(B.unsubscribed)).toBeVisible();
    });
  });
});
