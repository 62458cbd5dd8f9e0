import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import {
  ADMIN_MESSAGES,
  AdminOrderAnswerSchema,
  AdminProductAnswerSchema,
  OrderAnswerSchema,
  formatUsd,
  type Order,
  refundShares,
  toCents,
  toDollars,
} from '@shopper/contract';
import { linkIn, signUpVerified, waitForMail, type Account } from '../fixtures/accounts.ts';
import { openBackOffice, openScreen, screenshotBothSizes, staffApi } from '../fixtures/back-office.ts';
import { addToCart, checkOut, productsWithStock } from '../fixtures/shop.ts';

/** The order as its customer's API answers it (what the order page is drawn from). */
async function customerOrder(request: APIRequestContext, account: Account, id: string): Promise<Order> {
  const response = await request.get(`/api/payment/order/${id}`, { headers: { 'auth-token': account.accessToken } });
  if (!response.ok()) throw new Error(`GET order answered ${response.status()}: ${await response.text()}`);
  return OrderAnswerSchema.parse(await response.json()).order;
}

function trackerStep(page: Page, step: 'Processing' | 'Shipped' | 'Delivered') {
  return page.getByRole('list', { name: 'Order progress' }).getByRole('listitem').filter({ hasText: step });
}

/** A verified customer, signed up in `shop`'s browser, who has ordered `quantity` of a product in stock. */
async function customerWithOrder(shop: Page, request: APIRequestContext, quantity = 1) {
  const customer = await signUpVerified(shop.request);
  const [product] = await productsWithStock(request, 1);
  await addToCart(request, customer, product!, quantity);
  const order = await checkOut(shop, customer);
  return { customer, order };
}

/** The orders list narrowed by status and a search, as staff find an order. */
async function findInOrderList(page: Page, status: string, search: string) {
  await page.getByLabel('Status').selectOption(status);
  await page.getByLabel('Order number or email').fill(search);
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByRole('row').filter({ hasText: search });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(status);
  return rows.first();
}

test.describe('back office: orders, as the customer sees them', () => {
  // Each journey is a checkout, staff work in a second browser, then the customer's pages and mail
  // again, with screenshots at two sizes; the cancellation may also wait up to 20 s, twice, for the
  // storefront to show the stock. Four times the default, a little over test.slow()'s three, so a
  // loaded two-core machine does not fail them on time alone.
  test.describe.configure({ timeout: 120_000 });

  test('staff ship with a tracking number, then deliver; the customer sees each step and gets each mail', async ({
    page,
    shopperPage: shop,
    request,
  }) => {
    const tracking = `1Z${Date.now().toString(36).toUpperCase()}`;
    const timeline = page.getByRole('region', { name: 'Timeline' });

    const { customer, order } = await test.step('a customer places an order: it is processing', async () => {
      const placed = await customerWithOrder(shop, request);
      await expect(trackerStep(shop, 'Processing')).toHaveAttribute('data-reached', 'true');
      await expect(trackerStep(shop, 'Shipped')).toHaveAttribute('data-reached', 'false');
      return placed;
    });

    await test.step('staff find it among orders to ship and ship it; the form says what is missing', async () => {
      await openBackOffice(page, 'staff');
      await openScreen(page, 'Orders');
      const row = await findInOrderList(page, 'Processing', order.orderNumber);
      await expect(row).toContainText(customer.email);
      await row.getByRole('link', { name: order.orderNumber }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
      await page.getByRole('button', { name: 'Ship', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Ship ${order.orderNumber}` });
      await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
      await expect(dialog.getByText(ADMIN_MESSAGES.carrierRequired)).toBeVisible();
      await dialog.getByLabel('Carrier').fill('UPS');
      await dialog.getByLabel('Tracking number').fill(tracking);
      await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
      await expect(dialog).toBeHidden();
      await expect(timeline.getByRole('listitem').filter({ hasText: /^Shipped/ })).toContainText(`UPS · ${tracking}`);
      await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
    });

    await test.step('the customer opens the link in the shipped mail: the order page shows the shipment', async () => {
      const shippedMail = await waitForMail(request, customer.email, new RegExp(`${order.orderNumber} has shipped`));
      expect(shippedMail.text).toContain(`Tracking number: ${tracking}`);
      await shop.goto(linkIn(shippedMail, '/order-confirmation/'));
      await expect(trackerStep(shop, 'Shipped')).toHaveAttribute('data-reached', 'true');
      await expect(trackerStep(shop, 'Delivered')).toHaveAttribute('data-reached', 'false');
      const shipping = shop.getByRole('region', { name: 'Shipping Information' });
      await expect(shipping.getByText('UPS', { exact: true })).toBeVisible();
      await expect(shipping.getByRole('link', { name: new RegExp(tracking) })).toHaveAttribute(
        'href',
        `https://www.ups.com/track?tracknum=${tracking}`,
      );
      await screenshotBothSizes(shop, 'order-shipped');
    });

    await test.step("staff mark it delivered: the timeline, the customer's tracker and mail follow", async () => {
      await page.getByRole('button', { name: 'Mark delivered' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Mark delivered' }).click();
      await expect(timeline.getByRole('listitem').filter({ hasText: /^Delivered/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Refund a return' })).toBeVisible();
      await waitForMail(request, customer.email, new RegExp(`${order.orderNumber} was delivered`));
      await shop.reload();
      await expect(trackerStep(shop, 'Delivered')).toHaveAttribute('data-reached', 'true');
    });

    await test.step("the customer's order history shows the moved tracker and the tracking number too", async () => {
      await shop.goto('/account/orders');
      const card = shop.getByRole('article', { name: `Order #${order.orderNumber}` });
      await expect(card.getByRole('listitem').filter({ hasText: 'Delivered' })).toHaveAttribute('data-reached', 'true');
      await expect(card.getByRole('link', { name: new RegExp(tracking) })).toBeVisible();
      await screenshotBothSizes(shop, 'order-history-delivered');
    });

    await test.step('staff narrow the dates: the day it was placed (UTC) finds it, the next does not', async () => {
      await openScreen(page, 'Orders');
      await findInOrderList(page, 'Delivered', order.orderNumber);
      const placedOn = (await customerOrder(request, customer, order.id)).createdAt.slice(0, 10);
      const nextDay = new Date(Date.parse(`${placedOn}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel('From', { exact: true }).fill(placedOn);
      await page.getByLabel('To', { exact: true }).fill(placedOn);
      await expect(page.getByRole('row').filter({ hasText: order.orderNumber })).toHaveCount(1);
      await page.getByLabel('To', { exact: true }).fill(nextDay);
      await page.getByLabel('From', { exact: true }).fill(nextDay);
      await expect(page.getByText('No order matches.')).toBeVisible();
    });
  });

  test('staff cancel a Processing order: refund recorded, stock back in the storefront and the dashboard, customer told', async ({
    page,
    shopperPage: shop,
    request,
  }) => {
    // A product of its own with 2 in one size, so selling them out shows in the storefront and no
    // other journey's stock moves it.
    const staff = await staffApi(request);
    const { product } = await staff(
      '/products',
      {
        name: `Tracked Tee ${Date.now().toString(36)}`,
        category: 'men',
        brand: 'SHOPPER',
        price: 25,
        sizes: ['M'],
        stock: { M: 2 },
        status: 'published',
      },
      AdminProductAnswerSchema,
    );
    const sizeM = shop.getByRole('radio', { name: /^M\b/ });

    const { customer, order, totalAmount } = await test.step('a customer buys both: the size sells out', async () => {
      const customer = await signUpVerified(shop.request);
      const added = await request.post('/api/cart/add', {
        headers: { 'auth-token': customer.accessToken },
        data: { productId: product.id, size: 'M', quantity: 2 },
      });
      expect(added.ok(), await added.text()).toBe(true);
      const order = await checkOut(shop, customer);
      const { totalAmount } = await customerOrder(request, customer, order.id);
      await shop.goto(`/products/${product.slug}`);
      await expect(async () => {
        await shop.reload();
        await expect(shop.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
        await expect(sizeM).toBeDisabled({ timeout: 500 });
      }).toPass({ timeout: 20_000 });
      return { customer, order, totalAmount };
    });

    await test.step("staff find the customer's order by email and cancel it: refunded in full", async () => {
      await openBackOffice(page, 'staff');
      await openScreen(page, 'Orders');
      const row = await findInOrderList(page, 'Processing', customer.email);
      await row.getByRole('link', { name: order.orderNumber }).click();
      await page.getByRole('button', { name: 'Cancel order' }).click();
      const dialog = page.getByRole('dialog', { name: `Cancel ${order.orderNumber}?` });
      await expect(dialog).toContainText(formatUsd(totalAmount));
      await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
      await expect(dialog).toBeHidden();
      const refunds = page.getByRole('list', { name: 'Refunds' });
      await expect(refunds.getByRole('listitem')).toHaveCount(1);
      await expect(refunds.getByRole('listitem')).toContainText(`${formatUsd(totalAmount)} · Order cancelled`);
      await expect(refunds.getByRole('listitem')).toContainText('succeeded');
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await expect(timeline.getByRole('listitem').filter({ hasText: /^Cancelled/ })).toBeVisible();
      await expect(timeline.getByRole('listitem').filter({ hasText: /^Refunded/ })).toContainText(
        formatUsd(totalAmount),
      );
      await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    });

    await test.step('the stock is back on the stock screen, in its ledger and in the size picker', async () => {
      await page.goto(`/dashboard/stock?product=${product.id}`);
      await expect(page.getByRole('list', { name: 'Stock per size' }).getByRole('listitem')).toHaveText(/^M\s*2\s*$/);
      const ledger = page.getByRole('region', { name: 'Stock ledger' });
      await expect(ledger.getByRole('row').filter({ hasText: 'Cancellation' })).toContainText('+2');
      await expect(ledger.getByRole('row').filter({ hasText: 'Cancellation' })).toContainText(order.orderNumber);
      await shop.goto(`/products/${product.slug}`);
      await expect(async () => {
        await shop.reload();
        await expect(shop.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
        await expect(sizeM).toBeEnabled({ timeout: 500 });
      }).toPass({ timeout: 20_000 });
    });

    await test.step('the customer sees a cancelled, refunded order, and has the mail', async () => {
      await shop.goto(`/order-confirmation/${order.id}`);
      await expect(shop.getByText('Cancelled', { exact: true })).toBeVisible();
      await expect(shop.getByRole('list', { name: 'Order progress' })).toHaveCount(0);
      await expect(shop.getByText(`${formatUsd(totalAmount)} refunded to your card.`)).toBeVisible();
      const payment = shop.getByRole('region', { name: 'Payment Information' });
      await expect(payment.getByText('Refunded', { exact: true })).toHaveCount(2);
      await screenshotBothSizes(shop, 'order-cancelled');
      const mail = await waitForMail(request, customer.email, new RegExp(`${order.orderNumber} was cancelled`));
      expect(mail.text).toContain(`We refunded ${formatUsd(totalAmount)} to your card`);
    });

    await test.step('staff find it among the cancelled orders, with the refund', async () => {
      await page.goto('/dashboard/orders');
      const cancelled = await findInOrderList(page, 'Cancelled', order.orderNumber);
      await expect(cancelled).toContainText(`−${formatUsd(totalAmount)} refunded`);
    });
  });

  test('a partial return of a delivered order: the refunded amount reaches the customer', async ({
    page,
    shopperPage: shop,
    request,
  }) => {
    const reason = 'Too small, returned unworn';

    const { customer, order, line, placed } =
      await test.step('a customer orders two of a product, which arrive', async () => {
        const { customer, order } = await customerWithOrder(shop, request, 2);
        const placed = await customerOrder(request, customer, order.id);
        const staff = await staffApi(request);
        await staff(`/orders/${order.id}/ship`, { carrier: 'DHL', trackingNumber: 'JD014600' }, AdminOrderAnswerSchema);
        await staff(`/orders/${order.id}/deliver`, undefined, AdminOrderAnswerSchema);
        return { customer, order, line: placed.items[0]!, placed };
      });

    // The tax share of the refund, as the server splits it (docs/shipping-and-taxes.md#refunds).
    const shares = refundShares(
      {
        totalCents: toCents(placed.totalAmount),
        taxCents: toCents(placed.taxAmount),
        shippingCents: toCents(placed.shippingAmount),
        shippingTaxCents: toCents(placed.shippingTaxAmount),
        pricesIncludeTax: placed.pricesIncludeTax,
      },
      { amountCents: 0, taxCents: 0, shippingCents: 0 },
      toCents(line.price),
      false,
    );
    if ('problem' in shares) throw new Error(`The refund cannot be split: ${shares.problem}`);
    const taxPart = formatUsd(toDollars(shares.taxCents));

    await test.step('one of the two comes back: staff refund its price and put it back in stock', async () => {
      await openBackOffice(page, 'staff', `/dashboard/orders/${order.id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
      await page.getByRole('button', { name: 'Refund a return' }).click();
      const dialog = page.getByRole('dialog', { name: `Refund ${order.orderNumber}` });
      await dialog.getByLabel('Amount to refund ($)').fill(String(line.price));
      await dialog.getByLabel('Reason').fill(reason);
      // Shipping was free: there is none to give back. The split shows before staff confirm.
      await expect(dialog.getByRole('checkbox', { name: /Refund shipping/ })).toBeDisabled();
      await expect(dialog.getByText('(free on this order)')).toBeVisible();
      const split = dialog.getByRole('definition');
      await expect(dialog.getByLabel('This refund')).toContainText(`Tax part${taxPart}`);
      await expect(split.last()).toHaveText(formatUsd(line.price));
      // A line of a product in several colours names the colour bought (decision 043).
      const colour = line.colourName ? ` · ${line.colourName}` : '';
      await dialog.getByLabel(`${line.name}${colour} · ${line.size} (of 2)`).fill('1');
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('list', { name: 'Refunds' })).toContainText(`${formatUsd(line.price)} · ${reason}`);
      await expect(page.getByRole('list', { name: 'Refunds' })).toContainText('succeeded');
      await expect(page.getByRole('list', { name: 'Refunds' })).toContainText(`tax ${taxPart} · shipping $0.00`);
    });

    await test.step('the customer opens the order: delivered and partially refunded', async () => {
      await shop.goto(`/order-confirmation/${order.id}`);
      await expect(trackerStep(shop, 'Delivered')).toHaveAttribute('data-reached', 'true');
      const payment = shop.getByRole('region', { name: 'Payment Information' });
      await expect(payment.getByText('Partially refunded')).toBeVisible();
      await expect(payment.getByRole('list', { name: 'Refunds' })).toContainText(formatUsd(line.price));
      // Why staff refunded stays in the back office.
      await expect(shop.getByText(reason)).toHaveCount(0);
      await screenshotBothSizes(shop, 'order-returned');
    });

    await test.step('the order history shows the refund, and the mail says it', async () => {
      await shop.goto('/account/orders');
      await expect(shop.getByRole('article', { name: `Order #${order.orderNumber}` })).toContainText(
        `Refunded ${formatUsd(line.price)}`,
      );
      const mail = await waitForMail(
        request,
        customer.email,
        new RegExp(`refund on your SHOPPER order ${order.orderNumber}`),
      );
      expect(mail.text).toContain(`We refunded ${formatUsd(line.price)}`);
    });
  });
});
