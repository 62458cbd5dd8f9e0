import { expect, test } from '../fixtures/test.ts';
import { AFTER_PURCHASE_MESSAGES as A, AdminOrderAnswerSchema, formatUsd } from '@shopper/contract';
import { signUpVerified, waitForMail } from '../fixtures/accounts.ts';
import { expectAccessibleAtBothSizes } from '../fixtures/accessibility.ts';
import { screenshotBothSizes } from '../fixtures/back-office.ts';
import { addToCart, checkOut, productsWithStock } from '../fixtures/shop.ts';
import { DEMO_BACK_OFFICE } from '../fixtures/back-office.ts';

test.describe('after the purchase: cancelling', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a customer cancels an order that has not shipped: confirmed first, refunded, mailed, staff see who', async ({
    shopperPage: shop,
    request,
  }) => {
    const customer = await signUpVerified(shop.request);
    const [product] = await productsWithStock(request, 1);
    await addToCart(request, customer, product!, 1);
    const order = await checkOut(shop, customer);

    await test.step('the order page offers to cancel; the dialog asks first and "Keep my order" keeps it', async () => {
      await shop.getByRole('button', { name: A.cancelOrder }).click();
      const dialog = shop.getByRole('dialog', { name: A.cancelConfirmTitle });
      await expect(dialog).toContainText('goes back to your card');
      await expectAccessibleAtBothSizes(shop, 'cancel dialog');
      await dialog.getByRole('button', { name: A.keepOrder }).click();
      await expect(dialog).toBeHidden();
      await expect(shop.getByText('Processing').first()).toBeVisible();
    });

    await test.step('confirming cancels it: the page says so and shows the refund', async () => {
      await shop.getByRole('button', { name: A.cancelOrder }).click();
      await shop.getByRole('dialog').getByRole('button', { name: A.confirmCancel }).click();
      await expect(shop.getByRole('status').filter({ hasText: A.cancelledByYou(order.orderNumber) })).toBeVisible();
      await expect(shop.getByRole('button', { name: A.cancelOrder })).toBeHidden();
      const payment = shop.getByRole('region', { name: 'Payment Information' });
      await expect(payment.getByRole('term').filter({ hasText: /^Refunded$/ })).toBeVisible();
      await screenshotBothSizes(shop, 'order-cancelled-by-customer');
    });

    await test.step('the customer is mailed once', async () => {
      const mail = await waitForMail(request, customer.email, new RegExp(`${order.orderNumber} was cancelled`));
      expect(mail.text).toMatch(/We refunded \$\d+\.\d\d to your card/);
    });

    await test.step('the back office names the customer as who cancelled', async () => {
      const login = await request.post('/api/users/login', {
        data: { email: DEMO_BACK_OFFICE.staff.email, password: DEMO_BACK_OFFICE.staff.password },
      });
      const headers = { 'auth-token': (await login.json()).accessToken as string };
      const detail = AdminOrderAnswerSchema.parse(
        await (await request.get(`/api/admin/orders/${order.id}`, { headers })).json(),
      ).order;
      expect(detail.orderStatus).toBe('Cancelled');
      expect(detail.timeline.find((e) => e.kind === 'cancelled')?.actor?.email).toBe(customer.email);
      expect(formatUsd(detail.refundedAmount)).toBe(formatUsd(detail.totalAmount));
    });
  });
});
