import { MESSAGES } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader } from '../test/account-factory.ts';
import { SHIPPING, verifiedShopper } from '../test/checkout-factory.ts';
import { signUpStaff, type StaffAccount } from '../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let token: string;
let staff: StaffAccount;

beforeAll(async () => {
  t = await createTestApp();
  token = (await verifiedShopper(t.app, t.database)).accessToken;
  staff = await signUpStaff(t.app, t.database, 'staff');
});

afterAll(async () => {
  await t.close();
});

/** Each of these reached PostgreSQL with a NUL byte and answered 500 until the API fuzz found it. */
describe('a NUL byte anywhere in a request (found by the API fuzz)', () => {
  const cases: [string, { method: 'GET' | 'POST'; url: string; payload?: object; signedIn?: boolean }, string][] = [
    ['a product slug', { method: 'GET', url: '/api/products/slug/%00' }, 'slug'],
    ['a slug with text around it', { method: 'GET', url: '/api/products/slug/tee%00shirt' }, 'slug'],
    [
      'an order looked up by payment',
      { method: 'GET', url: '/api/payment/order-by-payment/pi_%00', signedIn: true },
      'paymentIntentId',
    ],
    [
      'a test-mode intent id',
      { method: 'POST', url: '/api/test-provider/payment_intents/%00', payload: { clientSecret: 's' } },
      'id',
    ],
    [
      'a test-mode challenge',
      {
        method: 'POST',
        url: '/api/test-provider/payment_intents/%00/authenticate',
        payload: { clientSecret: 's', outcome: 'complete' },
      },
      'id',
    ],
    [
      'a payment intent id in a body',
      { method: 'POST', url: '/api/payment/confirm-order', payload: { paymentIntentId: 'pi_\u0000' }, signedIn: true },
      'paymentIntentId',
    ],
  ];

  it.for(cases)('%s answers 400 naming the field, not 500', async ([, request, param]) => {
    const response = await t.app.inject({
      method: request.method,
      url: request.url,
      ...(request.payload ? { payload: request.payload } : {}),
      ...(request.signedIn ? { headers: authHeader(token) } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: MESSAGES.nulCharacter,
      errors: [{ param, msg: MESSAGES.nulCharacter }],
    });
  });

  it('a HEAD request gets the 400 status too', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/products/slug/%00' });
    expect(response.statusCode).toBe(400);
  });

  it('leaves the same requests without the NUL byte alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/products/slug/no-such-tee' })).statusCode).toBe(404);
    const byPayment = await t.app.inject({
      method: 'GET',
      url: '/api/payment/order-by-payment/pi_unknown',
      headers: authHeader(token),
    });
    expect(byPayment.statusCode).toBe(404);
  });
});

/**
 * An unpaired surrogate passes every schema (JSON carries it as `"\\ud800"`), then PostgreSQL
 * refuses it in jsonb: a 500 on each of these until the API fuzz found them.
 */
describe('an unpaired surrogate anywhere in a request (found by the API fuzz)', () => {
  const order = '00000000-0000-4000-8000-000000000000';
  const cases: [string, { url: string; payload: object; asStaff?: boolean }, string][] = [
    [
      'a payment’s shipping details',
      { url: '/api/payment/create-payment-intent', payload: { shippingInfo: { ...SHIPPING, phoneNumber: '\ud800' } } },
      'shippingInfo.phoneNumber',
    ],
    [
      'a carrier',
      {
        url: `/api/admin/orders/${order}/ship`,
        payload: { carrier: 'UPS\udfff', trackingNumber: '1Z9' },
        asStaff: true,
      },
      'carrier',
    ],
    [
      'a stock note',
      {
        url: '/api/admin/stock/adjustments',
        payload: { productId: order, size: 'M', delta: 1, reason: 'adjustment', note: 'x\ud83dy' },
        asStaff: true,
      },
      'note',
    ],
    [
      'why a customer is disabled',
      { url: `/api/admin/customers/${order}/disable`, payload: { reason: 'Fraud \udc00' }, asStaff: true },
      'reason',
    ],
  ];

  it.for(cases)('%s answers 400 naming the field, not 500', async ([, request, param]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: request.url,
      payload: request.payload,
      headers: request.asStaff ? staff.headers : authHeader(token),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: MESSAGES.loneSurrogate,
      errors: [{ param, msg: MESSAGES.loneSurrogate }],
    });
  });

  it('leaves surrogate pairs alone: an emoji is text like any other', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order}/ship`,
      payload: { carrier: 'UPS 📦', trackingNumber: '1Z9' },
      headers: staff.headers,
    });
    expect(response.statusCode, response.body).toBe(404);
  });
});
