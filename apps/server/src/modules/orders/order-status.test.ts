import { ORDER_STATUSES } from '@shopper/contract';
import { describe, expect, it } from 'vitest';
import { canChangeOrderStatus, nextOrderStatuses, restocksOnChange } from './order-status.ts';

describe('order status transitions (docs/product.md#order-status)', () => {
  it('allows Processing → Shipped → Delivered and cancelling before delivery', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canChangeOrderStatus(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual([
      'Processing→Cancelled',
      'Processing→Shipped',
      'Shipped→Cancelled',
      'Shipped→Delivered',
    ]);
  });

  it('keeps Delivered and Cancelled final', () => {
    expect(nextOrderStatuses('Delivered')).toEqual([]);
    expect(nextOrderStatuses('Cancelled')).toEqual([]);
  });

  it('gives stock back only when cancelling', () => {
    expect(restocksOnChange('Processing', 'Cancelled')).toBe(true);
    expect(restocksOnChange('Shipped', 'Cancelled')).toBe(true);
    expect(restocksOnChange('Processing', 'Shipped')).toBe(false);
    expect(restocksOnChange('Delivered', 'Cancelled')).toBe(false);
  });
});
