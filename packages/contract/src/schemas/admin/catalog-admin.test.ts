import { describe, expect, it } from 'vitest';
import { ADMIN_CATALOG_MESSAGES as M } from '../../admin-catalog-messages.ts';
import { COUPON_EXPIRY_MAX, COUPON_EXPIRY_MIN, CouponCreateBodySchema, CouponUpdateBodySchema } from './coupons.ts';
import { ProductCreateBodySchema, ProductUpdateBodySchema } from './products.ts';
import { HideReviewBodySchema } from './reviews.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

const PRODUCT = { name: 'Linen Shirt', category: 'men', brand: 'Northline', price: 49.99, sizes: ['S', 'M'] };

describe('ProductCreateBodySchema', () => {
  it('fills the defaults: a draft, no sale, no stock, empty texts', () => {
    expect(ProductCreateBodySchema.parse(PRODUCT)).toMatchObject({
      status: 'draft',
      salePrice: null,
      stock: {},
      tags: [],
      shortDescription: '',
    });
  });

  it('folds types to lower case, as the filters list them, and leaves tags as written', () => {
    expect(ProductCreateBodySchema.parse({ ...PRODUCT, types: [' Dresses', 'MAXI'], tags: ['Linen'] })).toMatchObject({
      types: ['dresses', 'maxi'],
      tags: ['Linen'],
    });
    expect(ProductUpdateBodySchema.parse({ types: ['Shirts'] })).toEqual({ types: ['shirts'] });
  });

  it.each([
    [{ name: '  ' }, 'name', M.nameRequired],
    [{ name: 'x'.repeat(121) }, 'name', M.nameLength],
    [{ slug: 'double--hyphen' }, 'slug', M.slugInvalid],
    [{ slug: '-edge' }, 'slug', M.slugInvalid],
    [{ category: 'Men' }, 'category', M.categoryInvalid],
    [{ price: -1 }, 'price', M.priceInvalid],
    [{ salePrice: 60 }, 'salePrice', M.salePriceNotBelow],
    [{ sizes: ['S', ''] }, 'sizes.1', M.sizeInvalid],
    [{ stock: { S: 1.5 } }, 'stock.S', M.stockInvalid],
    [{ types: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'types', M.tagInvalid],
    [{ tags: ['Linen, Summer'] }, 'tags.0', M.tagHasComma],
    [{ types: ['Shirts', 'Tops,Tees'] }, 'types.1', M.tagHasComma],
  ])('refuses %j', (change, path, message) => {
    expect(messagesOf(ProductCreateBodySchema.safeParse({ ...PRODUCT, ...change }))).toContainEqual([path, message]);
  });
});

describe('ProductUpdateBodySchema', () => {
  it('takes any subset, and checks the sale price against a price sent with it', () => {
    expect(ProductUpdateBodySchema.safeParse({ brand: 'Other' }).success).toBe(true);
    expect(ProductUpdateBodySchema.safeParse({ salePrice: 10 }).success).toBe(true);
    expect(messagesOf(ProductUpdateBodySchema.safeParse({ price: 10, salePrice: 10 }))).toEqual([
      ['salePrice', M.salePriceNotBelow],
    ]);
  });
});

describe('coupon schemas', () => {
  it('checks the value against its kind', () => {
    const percent = { code: 'SPRING', kind: 'percent' };
    expect(CouponCreateBodySchema.safeParse({ ...percent, value: 100 }).success).toBe(true);
    expect(messagesOf(CouponCreateBodySchema.safeParse({ ...percent, value: 12.5 }))).toEqual([
      ['value', M.couponPercentInvalid],
    ]);
    expect(CouponCreateBodySchema.safeParse({ code: 'FLAT', kind: 'fixed', value: 12.5 }).success).toBe(true);
    expect(messagesOf(CouponUpdateBodySchema.safeParse({ kind: 'fixed' }))).toEqual([['value', M.couponAmountInvalid]]);
  });

  it('reads an expiry as an ISO date-time with an offset, or null', () => {
    const base = { code: 'DATED', kind: 'fixed', value: 5 };
    expect(CouponCreateBodySchema.safeParse({ ...base, expiresAt: '2026-12-31T23:59:00+01:00' }).success).toBe(true);
    expect(CouponCreateBodySchema.parse({ ...base }).expiresAt).toBeNull();
    expect(messagesOf(CouponCreateBodySchema.safeParse({ ...base, expiresAt: '31/12/2026' }))).toEqual([
      ['expiresAt', M.couponDateInvalid],
    ]);
  });

  it('bounds an expiry to 2000-01-01 through 2100-01-01 (UTC), with one message', () => {
    const base = { code: 'DATED', kind: 'fixed', value: 5 };
    const outOfRange = [['expiresAt', M.couponDateOutOfRange(COUPON_EXPIRY_MIN, COUPON_EXPIRY_MAX)]];
    for (const expiresAt of ['0000-01-01T00:00:00Z', '1999-12-31T23:59:59.999Z', '9999-12-31T23:59:59-14:00']) {
      expect(messagesOf(CouponCreateBodySchema.safeParse({ ...base, expiresAt })), expiresAt).toEqual(outOfRange);
      expect(messagesOf(CouponUpdateBodySchema.safeParse({ expiresAt })), expiresAt).toEqual(outOfRange);
    }
    for (const expiresAt of ['2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z', '2099-12-31T23:59:59+01:00']) {
      expect(CouponCreateBodySchema.safeParse({ ...base, expiresAt }).success, expiresAt).toBe(true);
    }
  });
});

describe('HideReviewBodySchema', () => {
  it('wants a trimmed reason of 3 to 300 characters', () => {
    expect(HideReviewBodySchema.parse({ reason: '  Spam  ' })).toEqual({ reason: 'Spam' });
    expect(messagesOf(HideReviewBodySchema.safeParse({ reason: ' a ' }))).toEqual([['reason', M.hideReasonRequired]]);
  });
});
