import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES as M } from '../checkout-messages.ts';
import { ORDER_DATE_MAX, ORDER_DATE_MIN } from '../order-rules.ts';
import { CreatePaymentIntentBodySchema, OrdersQuerySchema } from './checkout.ts';

const address = { street: '1 Main St', city: 'Boston', state: 'MA', country: 'US', zip: '02110' };
const shippingInfo = { name: 'Ada', phoneNumber: '5551234567', shippingMethod: 'standard', shippingAddress: address };
const messageOf = (body: unknown) => CreatePaymentIntentBodySchema.safeParse(body).error?.issues[0]?.message;

describe('CreatePaymentIntentBodySchema (docs/product.md#shipping-details)', () => {
  it('accepts a complete form, drops browser-sent amounts, maps a country name to its code', () => {
    const parsed = CreatePaymentIntentBodySchema.parse({
      shippingInfo: { ...shippingInfo, shippingAddress: { ...address, country: 'canada' } },
      amount: 1,
    });
    expect(parsed).toEqual({
      shippingInfo: { ...shippingInfo, shippingAddress: { ...address, country: 'CA' } },
      saveCard: false,
    });
  });

  it('asks for every field with one message', () => {
    expect(messageOf({})).toBe(M.shippingFieldsRequired);
    for (const field of ['name', 'phoneNumber'] as const) {
      expect(messageOf({ shippingInfo: { ...shippingInfo, [field]: ' ' } })).toBe(M.shippingFieldsRequired);
    }
    for (const field of Object.keys(address)) {
      const body = { shippingInfo: { ...shippingInfo, shippingAddress: { ...address, [field]: '' } } };
      expect(messageOf(body)).toBe(M.shippingFieldsRequired);
    }
  });

  it('checks the country list and the zip format', () => {
    const withAddress = (change: object) => ({
      shippingInfo: { ...shippingInfo, shippingAddress: { ...address, ...change } },
    });
    expect(messageOf(withAddress({ country: 'Atlantis' }))).toBe(M.countryInvalid);
    expect(messageOf(withAddress({ zip: '1' }))).toBe(M.zipInvalid);
  });
});

describe('OrdersQuerySchema', () => {
  it('defaults to all statuses, newest first, page 1 of 5', () => {
    expect(OrdersQuerySchema.parse({})).toEqual({ status: 'all', sort: 'newest', page: 1, limit: 5 });
  });

  it('allows only the page sizes of the order history and an ordered date range', () => {
    expect(OrdersQuerySchema.safeParse({ limit: '20' }).success).toBe(true);
    expect(OrdersQuerySchema.safeParse({ limit: '7' }).success).toBe(false);
    expect(OrdersQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).error?.issues[0]?.message).toBe(
      M.dateRangeInverted,
    );
  });

  it('bounds every date to ones JavaScript and PostgreSQL both hold (year 0 and 9999 were 500s)', () => {
    const outOfRange = M.dateOutOfRange(ORDER_DATE_MIN, ORDER_DATE_MAX);
    for (const [param, day] of [
      ['from', '0000-01-01'],
      ['to', '9999-12-31'],
      ['from', '1999-12-31'],
      ['to', '3000-01-01'],
    ] as const) {
      const issue = OrdersQuerySchema.safeParse({ [param]: day }).error?.issues[0];
      expect(issue, day).toMatchObject({ path: [param], message: outOfRange });
    }
    for (const day of ['2026-02-30', '+275760-09-13', '-000001-01-01', '2026-1-1', 'NaN', '']) {
      const issue = OrdersQuerySchema.safeParse({ from: day }).error?.issues[0];
      expect(issue, day).toMatchObject({ path: ['from'], message: M.dateInvalid });
    }
    expect(OrdersQuerySchema.parse({ from: ORDER_DATE_MIN, to: ORDER_DATE_MAX })).toMatchObject({
      from: '2000-01-01',
      to: '2999-12-31',
    });
  });
});
