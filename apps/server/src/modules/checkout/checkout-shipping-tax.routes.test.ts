import {
  ADMIN_MESSAGES,
  AdminOrderAnswerSchema,
  CartSummaryAnswerSchema,
  OrderAnswerSchema,
  SHIPPING_MESSAGES as SM,
  ShippingZonesAnswerSchema,
  TaxesAnswerSchema,
} from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from '../../db/schema.ts';
import { insertProducts } from '../../db/seed/seed-catalog.ts';
import { authHeader, type TestAccount } from '../../test/account-factory.ts';
import {
  confirmOrder,
  createIntent,
  payWithCard,
  putInCart,
  SHIPPING,
  verifiedShopper,
} from '../../test/checkout-factory.ts';
import { buildProduct } from '../../test/product-factory.ts';
import { signUpStaff, type StaffAccount } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: StaffAccount;
let tee: string;
let californiaRateId: string;

const CALIFORNIA = {
  ...SHIPPING.shippingAddress,
  street: '1 Market St',
  city: 'San Francisco',
  state: 'California',
  zip: '94105',
};
const shippingTo = (address: object, shippingMethod = 'standard') => ({
  shippingInfo: { ...SHIPPING, shippingMethod, shippingAddress: { ...SHIPPING.shippingAddress, ...address } },
});

async function asOwner(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<unknown>();
}

beforeAll(async () => {
  t = await createTestApp({ TAX_RATE: '0.08' });
  owner = await signUpStaff(t.app, t.database, 'owner');
  [tee] = (await insertProducts(t.database.db, [
    buildProduct({ name: 'Zone Tee', priceCents: 2_500, sizes: [{ size: 'M', stock: 500 }] }),
  ])) as [string];
  // The owner's set-up: the US with Standard (free) and Express, California's rate, Germany with VAT.
  const { zones } = ShippingZonesAnswerSchema.parse(
    await asOwner('POST', '/api/admin/shipping/zones', { name: 'United States', places: [{ country: 'US' }] }),
  );
  const us = zones.find((zone) => zone.name === 'United States')!;
  await asOwner('POST', `/api/admin/shipping/zones/${us.id}/methods`, {
    name: 'Standard',
    price: 0,
    estimate: '3–5 business days',
  });
  await asOwner('POST', `/api/admin/shipping/zones/${us.id}/methods`, {
    name: 'Express',
    price: 15,
    estimate: '1–2 business days',
  });
  const taxes = TaxesAnswerSchema.parse(
    await asOwner('POST', '/api/admin/taxes/rates', { country: 'US', state: 'California', rate: 7.25 }),
  );
  californiaRateId = taxes.rates[0]!.id;
});
afterAll(async () => {
  await t.close();
});

async function shopperWithTees(quantity: number): Promise<TestAccount> {
  const shopper = await verifiedShopper(t.app, t.database);
  await putInCart(t.database, shopper.userId, tee, 'M', quantity);
  return shopper;
}

async function summary(shopper: TestAccount, query: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/payment/cart-summary?${query}`,
    headers: authHeader(shopper.accessToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return CartSummaryAnswerSchema.parse(response.json());
}

describe('checkout priced by destination and method', () => {
  it('a customer in California pays California’s rate plus Express, priced on the server, and the order remembers it', async () => {
    const shopper = await shopperWithTees(3);
    const quoted = await summary(shopper, 'country=US&state=California&shippingMethod=express');
    // 3 × $25 = $75; Express $15; tax 7.25 % of $75 = $5.4375 → $5.44 (shipping untaxed in California).
    expect(quoted).toMatchObject({
      subtotal: 75,
      shippingAmount: 15,
      taxAmount: 5.44,
      amount: 95.44,
      shippingMethod: 'express',
    });
    expect(quoted.shippingMethods.map((m) => [m.id, m.price, m.estimate])).toEqual([
      ['standard', 0, '3–5 business days'],
      ['express', 15, '1–2 business days'],
    ]);

    // The browser's figures are ignored; changing the method re-prices (a new intent), and back again.
    const express = await createIntent(t.app, shopper.accessToken, { ...shippingTo(CALIFORNIA, 'express'), amount: 1 });
    expect(express.json()).toMatchObject({ amount: 95.44 });
    const standard = await createIntent(t.app, shopper.accessToken, shippingTo(CALIFORNIA, 'standard'));
    expect(standard.json()).toMatchObject({ amount: 80.44 });
    expect(standard.json().paymentIntentId).not.toBe(express.json().paymentIntentId);
    const texas = await createIntent(t.app, shopper.accessToken, shippingTo({ state: 'Texas' }, 'express'));
    expect(texas.json()).toMatchObject({ amount: 90 }); // a place without a rate pays none once rates are set
    const final = await createIntent(t.app, shopper.accessToken, shippingTo(CALIFORNIA, 'express'));
    const intent = final.json<{ paymentIntentId: string; clientSecret: string }>();
    await payWithCard(t.app, intent);
    const confirmed = await confirmOrder(t.app, shopper.accessToken, intent.paymentIntentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const order = OrderAnswerSchema.parse(confirmed.json()).order;
    expect(order).toMatchObject({
      itemsPrice: 75,
      shippingAmount: 15,
      taxAmount: 5.44,
      totalAmount: 95.44,
      shippingMethod: 'express',
      shippingMethodName: 'Express',
      shippingTaxAmount: 0,
      pricesIncludeTax: false,
    });
    expect(order.items[0]).toMatchObject({ quantity: 3, price: 25, taxRate: 7.25, taxAmount: 5.44 });

    // A later rate change never alters a placed order.
    await asOwner('PUT', `/api/admin/taxes/rates/${californiaRateId}`, {
      country: 'US',
      state: 'California',
      rate: 10,
    });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/payment/order/${order._id}`,
      headers: authHeader(shopper.accessToken),
    });
    expect(OrderAnswerSchema.parse(again.json()).order).toMatchObject({ taxAmount: 5.44, totalAmount: 95.44 });
    await asOwner('PUT', `/api/admin/taxes/rates/${californiaRateId}`, {
      country: 'US',
      state: 'California',
      rate: 7.25,
    });

    // A return refunds the goods' share of tax, and shipping where the owner chooses, once.
    await asOwner('POST', `/api/admin/orders/${order._id}/ship`, { carrier: 'UPS', trackingNumber: '1Z999' });
    await asOwner('POST', `/api/admin/orders/${order._id}/deliver`);
    await asOwner('POST', `/api/admin/orders/${order._id}/refunds`, { amount: 10, reason: 'One tee came back' });
    const refunded = AdminOrderAnswerSchema.parse(
      await asOwner('POST', `/api/admin/orders/${order._id}/refunds`, {
        amount: 0,
        refundShipping: true,
        reason: 'Late parcel',
      }),
    ).order;
    // $10 of the $80.44 paid for goods carries 10 × 5.44 / 80.44 = $0.6763 → $0.68 of tax.
    expect(refunded.refunds.map((r) => [r.amount, r.taxAmount, r.shippingAmount, r.status])).toEqual([
      [10, 0.68, 0, 'succeeded'],
      [15, 0, 15, 'succeeded'],
    ]);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order._id}/refunds`,
      headers: owner.headers,
      payload: { amount: 1, refundShipping: true, reason: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ADMIN_MESSAGES.shippingAlreadyRefunded);
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order._id}/refunds`,
      headers: owner.headers,
      payload: { amount: 70.45, reason: 'Too much' },
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(ADMIN_MESSAGES.refundTooLarge('$70.44'));
  });

  it('refuses a method the address is not offered, naming the field', async () => {
    const shopper = await shopperWithTees(1);
    const response = await createIntent(t.app, shopper.accessToken, shippingTo(CALIFORNIA, 'overnight'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: SM.methodUnavailable,
      errors: [{ param: 'shippingInfo.shippingMethod', msg: SM.methodUnavailable }],
    });
    const hostile = await createIntent(t.app, shopper.accessToken, shippingTo(CALIFORNIA, 'EXPRESS; drop'));
    expect(hostile.statusCode).toBe(400);
  });

  it('a shop switched to VAT-included prices charges the shelf price and shows the VAT in it', async () => {
    const { zones } = ShippingZonesAnswerSchema.parse(
      await asOwner('POST', '/api/admin/shipping/zones', { name: 'Germany', places: [{ country: 'DE' }] }),
    );
    const germany = zones.find((zone) => zone.name === 'Germany')!;
    await asOwner('POST', `/api/admin/shipping/zones/${germany.id}/methods`, {
      name: 'Standard',
      price: 4.9,
      freeFrom: 50,
    });
    await asOwner('POST', '/api/admin/taxes/rates', { country: 'DE', rate: 19, shippingRate: 19 });
    await asOwner('PUT', '/api/admin/taxes/settings', { pricesIncludeTax: true });
    try {
      const shopper = await shopperWithTees(3);
      const quoted = await summary(shopper, 'country=DE');
      // $75 on the shelf is $75 paid (free from $50); VAT 75 − 75 / 1.19 = $11.97 inside it.
      expect(quoted).toMatchObject({
        subtotal: 75,
        shippingAmount: 0,
        taxAmount: 11.97,
        amount: 75,
        pricesIncludeTax: true,
      });
      expect(quoted.shippingMethods[0]).toMatchObject({ id: 'standard', price: 0, isFreeByAmount: true });
      await t.database.db.delete(cartItems);
      await putInCart(t.database, shopper.userId, tee, 'M', 1);
      // Under the free-from amount: $25 + $4.90 shipping, VAT 3.99 + 0.78 inside.
      expect(await summary(shopper, 'country=DE')).toMatchObject({
        amount: 29.9,
        shippingAmount: 4.9,
        taxAmount: 4.77,
      });
    } finally {
      await asOwner('PUT', '/api/admin/taxes/settings', { pricesIncludeTax: false });
    }
  });

  it('a country the shop does not ship to is not offered and cannot be paid for', async () => {
    const shopper = await shopperWithTees(1);
    expect((await summary(shopper, 'country=JP')).shipsTo).toContain('JP');
    const { zones } = ShippingZonesAnswerSchema.parse(
      await t.app
        .inject({ method: 'GET', url: '/api/admin/shipping/zones', headers: owner.headers })
        .then((r) => r.json()),
    );
    const world = zones.find((zone) => zone.isRestOfWorld)!;
    await asOwner('DELETE', `/api/admin/shipping/zones/${world.id}`);
    const quoted = await summary(shopper, 'country=JP');
    expect(quoted.shippingMethods).toEqual([]);
    expect(quoted.shipsTo).toEqual(['US', 'DE']);
    const response = await createIntent(t.app, shopper.accessToken, shippingTo({ country: 'JP', state: 'Tokyo' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: SM.noShippingTo('Japan'),
      errors: [{ param: 'shippingInfo.shippingAddress.country', msg: SM.noShippingTo('Japan') }],
    });
    const badQuery = await t.app.inject({
      method: 'GET',
      url: '/api/payment/cart-summary?country=Atlantis',
      headers: authHeader(shopper.accessToken),
    });
    expect(badQuery.statusCode).toBe(400);
  });
});
