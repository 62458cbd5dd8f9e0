import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { AdminOrderAnswerSchema, AFTER_PURCHASE_MESSAGES as A } from '@shopper/contract';
import { type Account, readMailbox, signUpVerified, waitForMail } from '../fixtures/accounts.ts';
import { expectAccessibleAtBothSizes } from '../fixtures/accessibility.ts';
import { openBackOffice, openScreen, screenshotBothSizes, staffApi } from '../fixtures/back-office.ts';
import { getProduct, pickerStock } from '../fixtures/catalog.ts';
import { addToCart, checkOut, productsWithStock, roomySize } from '../fixtures/shop.ts';

/** A customer's order of two of one size, shipped and delivered by staff, open on its page in `shop`. */
async function deliveredOrder(shop: Page, request: APIRequestContext) {
  const customer = await signUpVerified(shop.request);
  const [product] = await productsWithStock(request, 1);
  await addToCart(request, customer, product!, 2);
  const order = await checkOut(shop, customer);
  const staff = await staffApi(request);
  await staff(`/orders/${order.id}/ship`, { carrier: 'UPS', trackingNumber: '1ZRETURN' }, AdminOrderAnswerSchema);
  await staff(`/orders/${order.id}/deliver`, undefined, AdminOrderAnswerSchema);
  await shop.reload();
  return { customer, order, product: product! };
}

/** The customer asks to return one of the two, with a reason; answers the return number. */
async function askForReturn(shop: Page, customer: Account, orderNumber: string): Promise<string> {
  const panel = shop.getByRole('region', { name: A.returnsTitle, exact: true });
  await expect(panel).toContainText('You can ask for a return until');
  await panel.getByRole('button', { name: A.requestReturn }).click();
  const dialog = shop.getByRole('dialog', { name: A.returnDialogTitle });
  await dialog.getByLabel(/^How many of/).fill('1');
  await dialog.getByLabel(A.returnReasonLabel).fill('Too big on the shoulders');
  await expectAccessibleAtBothSizes(shop, 'return dialog');
  await dialog.getByRole('button', { name: A.sendReturn }).click();
  await expect(dialog).toBeHidden();
  const item = panel.getByRole('listitem').first();
  await expect(item).toContainText(A.returnStatus.requested);
  const returnNumber = (await item.getByText(/^RT-\d+$/).textContent())!;
  const mail = await waitForMail(shop.request, customer.email, new RegExp(`return ${returnNumber} is requested`));
  expect(mail.text).toContain(`Your return number is ${returnNumber}, for order ${orderNumber}.`);
  return returnNumber;
}

/** Staff find the return among those in `status` on the Returns screen. */
async function returnRow(page: Page, status: keyof typeof A.returnStatus, returnNumber: string) {
  await openScreen(page, 'Returns');
  await page.getByLabel('Status').selectOption(status);
  const row = page.getByRole('row').filter({ hasText: returnNumber });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('after the purchase: returns', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a full return with restock: asked, approved, received, refunded, the items back in stock', async ({
    page,
    shopperPage: shop,
    request,
  }) => {
    const { customer, order, product } = await deliveredOrder(shop, request);
    const returnNumber = await askForReturn(shop, customer, order.orderNumber);
    await screenshotBothSizes(shop, 'order-return-requested');

    await openBackOffice(page, 'staff');
    await test.step('staff approve it with a note', async () => {
      const row = await returnRow(page, 'requested', returnNumber);
      await expect(row).toContainText('Too big on the shoulders');
      await expectAccessibleAtBothSizes(page, 'back-office returns');
      await screenshotBothSizes(page, 'back-office-returns');
      await row.getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('dialog', { name: `Approve ${returnNumber}?` });
      await dialog.getByLabel('Note to the customer (optional)').fill('Use the prepaid label in your parcel.');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await expect(dialog).toBeHidden();
      const mail = await waitForMail(request, customer.email, new RegExp(`return ${returnNumber} is approved`));
      expect(mail.text).toContain('Use the prepaid label in your parcel.');
    });

    await test.step('staff mark it received', async () => {
      const row = await returnRow(page, 'approved', returnNumber);
      await row.getByRole('button', { name: 'Mark received' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Mark received' }).click();
      await waitForMail(request, customer.email, new RegExp(`received your SHOPPER return ${returnNumber}`));
    });

    await test.step('staff refund it, putting the item back in stock', async () => {
      const size = roomySize(product);
      const before = pickerStock(await getProduct(request, product._id)).find((s) => s.size === size)!.quantity;
      const row = await returnRow(page, 'received', returnNumber);
      await row.getByRole('button', { name: 'Refund' }).click();
      const dialog = page.getByRole('dialog', { name: `Refund ${returnNumber}?` });
      await expect(dialog.getByLabel('Put the items back in stock')).toBeChecked();
      await dialog.getByRole('button', { name: /^Refund \$/ }).click();
      await expect(dialog).toBeHidden();
      await waitForMail(request, customer.email, new RegExp(`A refund on your SHOPPER order ${order.orderNumber}`));
      await expect
        .poll(async () => pickerStock(await getProduct(request, product._id)).find((s) => s.size === size)!.quantity)
        .toBe(before + 1);
    });

    await test.step('the customer sees it refunded, and got one mail per step, in order', async () => {
      await shop.reload();
      const item = shop.getByRole('region', { name: A.returnsTitle, exact: true }).getByRole('listitem').first();
      await expect(item).toContainText(A.returnStatus.refunded);
      const subjects = (await readMailbox(request, customer.email))
        .map((m) => m.subject)
        .filter((s) => s.includes(returnNumber) || s.includes(`refund on your SHOPPER order ${order.orderNumber}`))
        .reverse();
      expect(subjects).toEqual([
        `Your SHOPPER return ${returnNumber} is requested`,
        `Your SHOPPER return ${returnNumber} is approved`,
        `We received your SHOPPER return ${returnNumber}`,
        `A refund on your SHOPPER order ${order.orderNumber}`,
      ]);
      await screenshotBothSizes(shop, 'order-return-refunded');
    });
  });

  test('a refused return: staff give a reason, the customer reads it on the order page and in the mail', async ({
    page,
    shopperPage: shop,
    request,
  }) => {
    const { customer, order } = await deliveredOrder(shop, request);
    const returnNumber = await askForReturn(shop, customer, order.orderNumber);
    await openBackOffice(page, 'staff');
    const row = await returnRow(page, 'requested', returnNumber);
    await row.getByRole('button', { name: 'Refuse' }).click();
    const dialog = page.getByRole('dialog', { name: `Refuse ${returnNumber}?` });
    await dialog.getByRole('button', { name: 'Refuse' }).click();
    await expect(dialog.getByText(A.returnMessageRequired)).toBeVisible();
    await dialog.getByLabel('Why (the customer reads this)').fill('The tags were removed.');
    await dialog.getByRole('button', { name: 'Refuse' }).click();
    await expect(dialog).toBeHidden();

    const mail = await waitForMail(request, customer.email, new RegExp(`return ${returnNumber} was refused`));
    expect(mail.text).toContain('Why: The tags were removed.');
    await shop.reload();
    const item = shop.getByRole('region', { name: A.returnsTitle, exact: true }).getByRole('listitem').first();
    await expect(item).toContainText(A.returnStatus.refused);
    await expect(item).toContainText('The tags were removed.');
    // The refused item may be asked back again.
    await expect(shop.getByRole('button', { name: A.requestReturn })).toBeVisible();
  });
});
