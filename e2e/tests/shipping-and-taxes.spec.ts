import type { APIRequestContext, Page } from '@playwright/test';
import {
  AuthAnswerSchema,
  SHIPPING_MESSAGES,
  SHOP_UI_MESSAGES as UI,
  ShippingOfferAnswerSchema,
  TEST_CARD,
  formatUsd,
  shopBandText,
} from '@shopper/contract';
import { type Account, openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { DEMO_BACK_OFFICE, openBackOffice, screenshotBothSizes } from '../fixtures/back-office.ts';
import { addToCart, payWithCard, productsWithStock } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

/** The demo owner's back-office API, to set the shop up as its owner would on the Shipping and Taxes screens. */
async function ownerApi(request: APIRequestContext) {
  const login = await request.post('/api/users/login', { data: DEMO_BACK_OFFICE.owner });
  if (!login.ok()) throw new Error(`owner login answered ${login.status()}`);
  const headers = { 'auth-token': AuthAnswerSchema.parse(await login.json()).accessToken };
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: object) => {
    const response = await request.fetch(`/api/admin${path}`, { method, headers, ...(data ? { data } : {}) });
    if (!response.ok())
      throw new Error(`${method} /api/admin${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as {
      rates?: { id: string; country: string; state: string }[];
      zones?: { id: string; name: string }[];
    };
  };
}

/** Half up, per line, in whole cents (decision 051). */
const taxCents = (cents: number, rateMilli: number) => Math.floor((2 * cents * rateMilli + 100_000) / 200_000);

async function fillAddress(page: Page, address: { city: string; state: string; country: string; zip: string }) {
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Address', { exact: true }).fill('1 Market Street');
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('State/Province').fill(address.state);
  await page.getByLabel('Country').selectOption(address.country);
  await page.getByLabel('Zip/Postal Code').fill(address.zip);
  await page.getByLabel('Phone number').fill('5551234567');
}

const summaryOf = (page: Page) => page.getByRole('region', { name: UI.orderSummary });

test.describe('shipping and taxes', () => {
  // Each journey changes the shop, checks out or opens the back office, then puts the shop back
  // in its teardown: with screenshots at two sizes, more than the default time on two loaded
  // cores, and a journey cut short would leave its rates behind.
  test.describe.configure({ timeout: 90_000 });

  test('a customer in California pays California’s rate plus Express', async ({ page, request }) => {
    const owner = await ownerApi(request);
    const created = await owner('POST', '/taxes/rates', { country: 'US', state: 'California', rate: 7.25 });
    const rateIds = (created.rates ?? []).filter((r) => r.state === 'California').map((r) => r.id);
    try {
      const account: Account = await signUpVerified(page.request);
      const [product] = await productsWithStock(request, 1);
      const cart = await addToCart(request, account, product!, 2);
      const goodsCents = Math.round(cart.subtotal * 100);
      const tax = taxCents(goodsCents, 7250) / 100;
      const total = (goodsCents + 1500) / 100 + tax;

      await test.step('the owner sees California’s rate on the Taxes screen', async () => {
        const office = await page.context().browser()!.newPage();
        await openBackOffice(office, 'owner', '/dashboard/taxes');
        await expect(office.getByRole('row', { name: /California/ })).toContainText('7.25%');
        await screenshotBothSizes(office, 'back-office-taxes');
        await office.close();
      });

      await test.step('the address in California offers Standard and Express, with their prices and estimates', async () => {
        await openSignedIn(page, account, '/checkout');
        await fillAddress(page, { city: 'San Francisco', state: 'California', country: 'US', zip: '94105' });
        await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
        await expect(page.getByText('1–2 business days')).toBeVisible();
      });

      await test.step('choosing Express re-prices at once: $15.00 shipping and California’s 7.25 %', async () => {
        await page.getByRole('radio', { name: /Express/ }).check();
        await expect(summaryOf(page).getByText('Shipping (Express)')).toBeVisible();
        await expect(summaryOf(page)).toContainText(`Tax${formatUsd(tax)}`);
        await expect(page.getByRole('button', { name: `Pay ${formatUsd(total)}` })).toBeEnabled();
      });

      await test.step('the order and its receipt keep the method, the shipping and the tax', async () => {
        await payWithCard(page, TEST_CARD.success);
        await expect(page.getByRole('heading', { level: 1, name: UI.thankYou })).toBeVisible();
        await expect(page.getByText('Shipping (Express)')).toBeVisible();
        await expect(page.getByText(formatUsd(total)).first()).toBeVisible();
        await page.getByRole('link', { name: 'Print receipt' }).click();
        await expect(page.getByRole('heading', { level: 1, name: /^Receipt for order #SH-/ })).toBeVisible();
        await expect(page.getByRole('table').getByRole('cell', { name: '7.25%' })).toBeVisible();
        await page.screenshot({ path: 'test-results/screens/receipt-desktop.png', fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: 'test-results/screens/receipt-phone.png', fullPage: true });
      });
    } finally {
      for (const id of rateIds) await owner('DELETE', `/taxes/rates/${id}`);
    }
  });

  test('a shop switched to VAT-included prices shows the same shelf price and a VAT line', async ({
    page,
    request,
  }) => {
    const owner = await ownerApi(request);
    const created = await owner('POST', '/taxes/rates', { country: 'DE', rate: 19, shippingRate: 19 });
    const rateIds = (created.rates ?? []).filter((r) => r.country === 'DE').map((r) => r.id);
    await owner('PUT', '/taxes/settings', { pricesIncludeTax: true });
    try {
      const account = await signUpVerified(page.request);
      const [product] = await productsWithStock(request, 1);
      const cart = await addToCart(request, account, product!);
      const shelfCents = Math.round(cart.subtotal * 100);
      const vat = (shelfCents - Math.floor((2 * shelfCents * 100_000 + 119_000) / 238_000)) / 100;

      await openSignedIn(page, account, '/checkout');
      await fillAddress(page, { city: 'Berlin', state: 'Berlin', country: 'DE', zip: '10115' });
      await test.step('the total is the shelf price, and the VAT is a line inside it', async () => {
        await expect(summaryOf(page)).toContainText(`Total${formatUsd(cart.subtotal)}`);
        await expect(summaryOf(page)).toContainText(`incl. VAT${formatUsd(vat)}`);
        await expect(page.getByRole('button', { name: `Pay ${formatUsd(cart.subtotal)}` })).toBeVisible();
        await page.screenshot({ path: 'test-results/screens/checkout-vat-desktop.png', fullPage: true });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: 'test-results/screens/checkout-vat-phone.png', fullPage: true });
      });
    } finally {
      await owner('PUT', '/taxes/settings', { pricesIncludeTax: false });
      for (const id of rateIds) await owner('DELETE', `/taxes/rates/${id}`);
    }
  });

  test('a country the shop does not ship to cannot be chosen', async ({ page, request }) => {
    const owner = await ownerApi(request);
    // A zone naming Japan with no method: Japan leaves the rest of the world and is served by nothing.
    const created = await owner('POST', '/shipping/zones', { name: 'Japan (closed)', places: [{ country: 'JP' }] });
    const zoneId = created.zones?.find((z) => z.name === 'Japan (closed)')?.id;
    try {
      const account = await signUpVerified(page.request);
      const [product] = await productsWithStock(request, 1);
      await addToCart(request, account, product!);
      await openSignedIn(page, account, '/checkout');
      const country = page.getByLabel('Country');
      await test.step('the owner sees the closed zone on the Shipping screen', async () => {
        const office = await page.context().browser()!.newPage();
        await openBackOffice(office, 'owner', '/dashboard/shipping');
        await expect(office.getByRole('region', { name: 'Japan (closed)' })).toContainText('Japan');
        await screenshotBothSizes(office, 'back-office-shipping');
        await office.close();
      });
      await test.step('the country list offers Germany but not Japan', async () => {
        await expect(country.locator('option', { hasText: 'Germany' })).toHaveCount(1);
        await expect(country.locator('option', { hasText: 'Japan' })).toHaveCount(0);
      });
      await test.step('and the server refuses a payment for Japan all the same', async () => {
        const response = await request.post('/api/payment/create-payment-intent', {
          headers: { 'auth-token': account.accessToken },
          data: {
            shippingInfo: {
              name: 'Grace Hopper',
              phoneNumber: '5551234567',
              shippingMethod: 'standard',
              shippingAddress: { street: '1 Chome', city: 'Tokyo', state: 'Tokyo', country: 'JP', zip: '100-0001' },
            },
          },
        });
        expect(response.status()).toBe(400);
        expect((await response.json()) as { message: string }).toMatchObject({
          message: SHIPPING_MESSAGES.noShippingTo('Japan'),
        });
      });
    } finally {
      if (zoneId) await owner('DELETE', `/shipping/zones/${zoneId}`);
    }
  });

  test('the top band follows the owner’s free-shipping amount, and comes back with the defaults', async ({
    page,
    request,
  }) => {
    const owner = await ownerApi(request);
    const band = page.getByRole('region', { name: 'Shipping and returns' });
    type Method = { id: string; code: string; name: string; price: number; freeFrom: number | null; estimate: string };
    const zones = (await owner('GET', '/shipping/zones')).zones as unknown as { methods: Method[] }[];
    const free = zones.flatMap((zone) => zone.methods).filter((m) => m.price === 0);
    const body = (m: Method) => ({ name: m.name, price: m.price, freeFrom: m.freeFrom, estimate: m.estimate });
    const offerNow = async () =>
      ShippingOfferAnswerSchema.parse(await (await request.get('/api/shop/shipping')).json()).offer;

    await test.step('a shop at its defaults keeps its words', async () => {
      await page.goto('/');
      await expect(band).toHaveText('Free shipping on every order · Easy 30-day returns');
    });
    try {
      await test.step('the free methods cost $4.95 below $75: the band says so on every page', async () => {
        for (const m of free)
          await owner('PUT', `/shipping/methods/${m.id}`, { ...body(m), price: 4.95, freeFrom: 75 });
        const offer = await offerNow();
        expect(offer.kind).not.toBe('free');
        const { accent, rest } = shopBandText(offer);
        await page.goto('/');
        await expect(band).toHaveText(`${accent}${rest}`);
        await page.goto('/shop');
        await expect(band).toHaveText(`${accent}${rest}`);
      });
    } finally {
      for (const m of free) await owner('PUT', `/shipping/methods/${m.id}`, body(m));
    }
    await test.step('back at the defaults, back to its words', async () => {
      await page.goto('/');
      await expect(band).toHaveText('Free shipping on every order · Easy 30-day returns');
    });
  });

  test('a saved address is picked at checkout', async ({ page, request }) => {
    const account = await signUpVerified(page.request);
    const save = async (data: object) => {
      const response = await request.post('/api/addresses', { headers: { 'auth-token': account.accessToken }, data });
      expect(response.ok(), await response.text()).toBe(true);
    };
    const home = {
      name: 'Grace Hopper',
      phone: '5551234567',
      street: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'US',
    };
    await save({ ...home, label: 'Home' });
    await save({ ...home, label: 'Work', street: '200 Park Avenue', city: 'New York', state: 'NY', zip: '10166' });
    const [product] = await productsWithStock(request, 1);
    await addToCart(request, account, product!);
    await openSignedIn(page, account, '/checkout');

    await test.step('the default address is preselected, and picking Work fills the form with it', async () => {
      const picker = page.getByLabel('Deliver to');
      await expect(picker.locator('option:checked')).toHaveText(/^Home, 1 Main Street.*\(default\)$/);
      await picker.selectOption({ label: 'Work, 200 Park Avenue, New York, United States' });
      await expect(page.getByLabel('City')).toHaveValue('New York');
      await expect(page.getByLabel('Zip/Postal Code')).toHaveValue('10166');
    });

    await test.step('the order ships to the address picked', async () => {
      await payWithCard(page, TEST_CARD.success);
      await expect(page.getByRole('heading', { level: 1, name: UI.thankYou })).toBeVisible();
      await expect(page.getByText('200 Park Avenue')).toBeVisible();
    });
  });
});
