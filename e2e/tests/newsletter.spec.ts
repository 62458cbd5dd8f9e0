import { expect, test } from '../fixtures/test.ts';
import { NEWSLETTER_MESSAGES as N } from '@shopper/contract';
import { linkIn, uniqueEmail, waitForMail } from '../fixtures/accounts.ts';

test.describe('newsletter (double opt-in)', () => {
  test('subscribe on the home page, confirm from the mailbox, then unsubscribe in one click', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reader');

    await test.step('the visitor subscribes on the home page: asked to check the inbox', async () => {
      await page.goto('/');
      const form = page.getByRole('region', { name: 'Get Exclusive Offers On Your Email' });
      await form.getByLabel('Email address').fill(email);
      await form.getByRole('button', { name: 'Subscribe Now' }).click();
      // The form says what really happened: nothing is subscribed until the link is followed.
      await expect(form.getByRole('status')).toHaveText(N.checkInbox);
      await expect(form.getByLabel('Email address')).toHaveValue('');
    });

    await test.step('follows the link in the confirmation mail: subscribed', async () => {
      const confirmation = await waitForMail(request, email, /^Confirm your SHOPPER newsletter/);
      await page.goto(linkIn(confirmation, '/newsletter/confirm'));
      await expect(page.getByRole('heading', { name: 'Subscription Confirmed' })).toBeVisible();
      await expect(page.getByText(N.confirmed)).toBeVisible();
    });

    await test.step('follows the unsubscribe link in the welcome mail: unsubscribed in one click', async () => {
      const welcome = await waitForMail(request, email, /^Welcome to the SHOPPER newsletter/);
      await page.goto(linkIn(welcome, '/newsletter/unsubscribe'));
      await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
      await expect(page.getByText(N.unsubscribed)).toBeVisible();
    });
  });

  test('a confirmation link that does not work says so', async ({ page }) => {
    await page.goto('/newsletter/confirm?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Subscription Not Confirmed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(N.confirmLinkInvalid);
  });
});
