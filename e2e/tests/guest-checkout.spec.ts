import type { APIRequestContext } from '@playwright/test';
import {
  AuthAnswerSchema,
  GUEST_CHECKOUT_MESSAGES as G,
  MESSAGES,
  SHOP_UI_MESSAGES as UI,
  ShopSettingsAnswerSchema,
  TEST_CARD,
} from '@shopper/contract';
import { VIEWPORTS } from '../fixtures/accessibility.ts';
import {
  linkIn,
  logInWithForm,
  signUpVerified,
  STRONG_PASSWORD,
  uniqueEmail,
  verifyEmail,
  waitForMail,
} from '../fixtures/accounts.ts';
import { DEMO_BACK_OFFICE, openBackOffice } from '../fixtures/back-office.ts';
import { addToCart, cartLink, fillShipping, payWithCard, productsWithStock, roomySize } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

/** The owner's setting through the API, to put the shop back as every other journey expects it. */
async function setGuestCheckout(request: APIRequestContext, on: boolean): Promise<void> {
  const login = await request.post('/api/users/login', { data: DEMO_BACK_OFFICE.owner });
  if (!login.ok()) throw new Error(`owner login answered ${login.status()}`);
  const headers = { 'auth-token': AuthAnswerSchema.parse(await login.json()).accessToken };
  const current = ShopSettingsAnswerSchema.parse(await (await request.get('/api/admin/settings', { headers })).json());
  const response = await request.put('/api/admin/settings', {
    headers,
    data: { ...current.settings, guestCheckout: on },
  });
  if (!response.ok())
    throw new Error(`PUT /api/admin/settings answered ${response.status()}: ${await response.text()}`);
}

// Turning guest checkout on changes what every visitor sees: this file runs in a project of its own,
// after all the others, the shop-wide ones included (playwright.config.ts), and turns the setting
// off again.
test.describe('guest checkout', () => {
  test.describe.configure({ timeout: 90_000 });
  test.afterAll(async ({ request }) => {
    await setGuestCheckout(request, false);
  });

  test('with the setting off (the default), a visitor adding to the cart is asked to log in', async ({ page }) => {
    const [product] = await productsWithStock(page.request, 1);
    await page.goto(`/products/${product!.slug}`);
    await page.getByRole('radio', { name: roomySize(product!), exact: true }).check();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(MESSAGES.loginToAddToCart).first()).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByText(MESSAGES.loginToAddToCart)).toBeVisible();
  });

  test('a guest buys, finds the order through the lookup, then creates an account and sees it in the order history', async ({
    browser,
    page,
    request,
  }, testInfo) => {
    test.slow();
    const email = uniqueEmail('guest');
    const [product] = await productsWithStock(request, 1);

    await test.step('the owner turns guest checkout on in the back office', async () => {
      await openBackOffice(page, 'owner', '/dashboard/settings');
      await page.getByLabel(G.settingLabel).check();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Settings saved.')).toBeVisible();
    });

    const phone = await browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    const guest = await phone.newPage();
    try {
      await test.step('a visitor on a phone adds to the cart without an account', async () => {
        await guest.goto(`/products/${product!.slug}`);
        await guest.getByRole('radio', { name: roomySize(product!), exact: true }).check();
        await guest.getByRole('button', { name: 'Add to Cart' }).click();
        await expect(cartLink(guest)).toHaveAccessibleName('Cart, 1 item');
        await cartLink(guest).click();
        await expect(guest.getByText(product!.name).first()).toBeVisible();
        await guest.getByRole('link', { name: UI.proceedToCheckout }).click();
      });

      const orderNumber = await test.step('checks out as a guest with an email and the test card', async () => {
        await expect(guest).toHaveURL(/\/checkout$/);
        await guest.getByRole('button', { name: /^Pay \$/ }).click();
        await expect(guest.getByText(G.emailRequired)).toBeVisible();
        await guest.getByLabel(G.emailLabel, { exact: true }).fill(email);
        await fillShipping(guest);
        await expect(guest.getByLabel('Save this card for next time')).toHaveCount(0);
        await guest.screenshot({ path: testInfo.outputPath('guest-checkout-390.png'), fullPage: true });
        await payWithCard(guest, TEST_CARD.success);
        await expect(guest.getByRole('heading', { level: 1, name: UI.thankYou })).toBeVisible();
        await expect(guest.getByText(G.guestOrderNote)).toBeVisible();
        await guest.screenshot({ path: testInfo.outputPath('guest-confirmation-390.png'), fullPage: true });
        return (await guest.getByText(/^#SH-/).textContent())!.slice(1);
      });

      await test.step('the confirmation mail links to the order, which opens on another device', async () => {
        const mail = await waitForMail(request, email, new RegExp(orderNumber));
        const link = linkIn(mail, '/order-confirmation/');
        expect(link).toContain('?key=');
        await page.goto(link);
        await expect(page.getByRole('heading', { level: 1, name: UI.thankYou })).toBeVisible();
        await expect(page.getByText(`#${orderNumber}`)).toBeVisible();
      });

      await test.step('finds the order through the lookup: a wrong number first, then the right one', async () => {
        await guest.goto('/order-lookup');
        await expect(guest.getByRole('heading', { level: 1, name: G.lookupTitle })).toBeVisible();
        await guest.getByLabel(G.emailLabel, { exact: true }).fill(email);
        await guest.getByLabel(G.orderNumberLabel).fill('SH-999999999');
        await guest.getByRole('button', { name: G.lookupSubmit }).click();
        await expect(guest.getByText(G.lookupNotFound)).toBeVisible();
        await expect(guest.getByLabel(G.emailLabel, { exact: true })).toHaveValue(email);
        await guest.getByLabel(G.orderNumberLabel).fill(orderNumber.toLowerCase());
        await guest.getByRole('button', { name: G.lookupSubmit }).click();
        await expect(guest).toHaveURL(/\/order-confirmation\/[^/?]+\?key=/);
        await expect(guest.getByText(`#${orderNumber}`)).toBeVisible();
      });

      await test.step('the back office lists the order with the others, marked as a guest’s', async () => {
        const orderId = new URL(guest.url()).pathname.split('/').pop() ?? '';
        await page.goto(`/dashboard/orders/${orderId}`);
        await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
        await expect(page.getByText(email)).toBeVisible();
        await expect(page.getByText(G.guestMarker, { exact: true })).toBeVisible();
      });

      await test.step('creates an account with that email, verifies it, and sees the order in the history', async () => {
        await guest.getByRole('link', { name: G.createAccountAction }).click();
        await expect(guest).toHaveURL(/\/signup/);
        await expect(guest.getByLabel('Email')).toHaveValue(email);
        await guest.getByLabel('Name').fill('Grace Guest');
        await guest.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
        await guest.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
        await guest.getByRole('checkbox', { name: /terms and conditions/ }).check();
        await guest.getByRole('button', { name: 'Create Account' }).click();
        await expect(guest).toHaveURL('/verify-pending');
        await verifyEmail(request, email);
        await guest.goto('/account/orders');
        await expect(guest.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
      });
    } finally {
      await phone.close();
    }
  });

  test('a guest’s cart joins the account’s when they log in', async ({ page, request }) => {
    await setGuestCheckout(request, true);
    const account = await signUpVerified(request);
    const [kept, added] = await productsWithStock(request, 2);
    await addToCart(request, account, kept!);

    await test.step('a visitor adds a product without an account', async () => {
      await page.goto(`/products/${added!.slug}`);
      await page.getByRole('radio', { name: roomySize(added!), exact: true }).check();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    });

    await test.step('logs in: the cart holds the account’s line and the guest’s', async () => {
      await page.goto('/login');
      await logInWithForm(page, account.email, account.password);
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
      await page.goto('/cart');
      await expect(page.getByText(kept!.name).first()).toBeVisible();
      await expect(page.getByText(added!.name).first()).toBeVisible();
    });
  });
});
