import { describe, expect, it } from 'vitest';
import { CART_MESSAGES as M } from '../cart-messages.ts';
import {
  AddToCartBodySchema,
  ApplyCouponBodySchema,
  CartSyncBodySchema,
  MAX_CART_LINE_QUANTITY,
  MAX_CART_SYNC_ITEMS,
  RemoveFromCartBodySchema,
  UpdateCartItemBodySchema,
} from './cart.ts';

const ID = '6f1c2a9e-4b7d-4c1e-9a3f-2d5b8e7c1a00';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('AddToCartBodySchema (docs/product.md#cart-input)', () => {
  it('defaults the quantity to 1 and drops price fields', () => {
    expect(AddToCartBodySchema.parse({ productId: ID, size: 'M', price: 1, new_price: 1 })).toEqual({
      productId: ID,
      size: 'M',
      quantity: 1,
    });
  });

  it.each([
    [{ productId: ID }, M.sizeRequired],
    [{ productId: ID, size: ' ' }, M.sizeRequired],
    [{ productId: ID, size: 'M\u0000' }, M.sizeInvalid],
    [{ productId: ID, size: 'M'.repeat(33) }, M.sizeInvalid],
    [{ size: 'M' }, M.productRequired],
    [{ productId: ID, size: 'M', quantity: 0 }, M.quantityAtLeastOne],
    [{ productId: ID, size: 'M', quantity: -2 }, M.quantityAtLeastOne],
    [{ productId: ID, size: 'M', quantity: 1.5 }, M.quantityWhole],
    [{ productId: ID, size: 'M', quantity: '2' }, M.quantityWhole],
    [{ productId: ID, size: 'M', quantity: MAX_CART_LINE_QUANTITY + 1 }, M.quantityTooLarge(MAX_CART_LINE_QUANTITY)],
  ])('%j → %s', (body, message) => {
    expect(messages(AddToCartBodySchema.safeParse(body))).toContain(message);
  });
});

describe('UpdateCartItemBodySchema', () => {
  it('needs a quantity of at least 1', () => {
    expect(messages(UpdateCartItemBodySchema.safeParse({ productId: ID, size: 'M' }))).toEqual([M.quantityAtLeastOne]);
  });
});

describe('RemoveFromCartBodySchema', () => {
  it('takes a quantity or removeAll, both optional', () => {
    expect(RemoveFromCartBodySchema.safeParse({ productId: ID, size: 'M' }).success).toBe(true);
    expect(messages(RemoveFromCartBodySchema.safeParse({ productId: ID, size: 'M', removeAll: 'yes' }))).toEqual([
      M.removeAllFlag,
    ]);
  });
});

describe('CartSyncBodySchema', () => {
  it(`accepts up to ${MAX_CART_SYNC_ITEMS} items`, () => {
    const item = { productId: ID, size: 'M', quantity: 1 };
    expect(CartSyncBodySchema.safeParse({ items: Array(MAX_CART_SYNC_ITEMS).fill(item) }).success).toBe(true);
    expect(messages(CartSyncBodySchema.safeParse({ items: Array(MAX_CART_SYNC_ITEMS + 1).fill(item) }))).toEqual([
      M.syncTooManyItems(MAX_CART_SYNC_ITEMS),
    ]);
    expect(messages(CartSyncBodySchema.safeParse({}))).toEqual([M.syncItemsRequired]);
  });
});

describe('ApplyCouponBodySchema', () => {
  it('upper-cases and trims the code', () => {
    expect(ApplyCouponBodySchema.parse({ code: ' welcome10 ' })).toEqual({ code: 'WELCOME10' });
  });

  it.each([
    [{}, M.couponRequired],
    [{ code: '' }, M.couponRequired],
    [{ code: 'A'.repeat(41) }, M.couponInvalid],
    [{ code: 'A\u0000' }, M.couponInvalid],
  ])('%j → %s', (body, message) => {
    expect(messages(ApplyCouponBodySchema.safeParse(body))).toEqual([message]);
  });
});

describe('CART_MESSAGES', () => {
  it('words the stock and promo answers', () => {
    expect(M.onlyLeft(3, 'M')).toBe('Only 3 left in size M.');
    expect(M.soldOut('M')).toBe('Size M is sold out.');
    expect(M.couponMinimum(10_000)).toBe('Spend at least $100.00 to use this code.');
  });
});
