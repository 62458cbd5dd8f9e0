import type { OrderStatus } from '@shopper/contract';

/**
 * The only place order statuses may change (docs/product.md#order-status): Processing → Shipped →
 * Delivered, and Processing or Shipped → Cancelled. Delivered and Cancelled are final.
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  Processing: ['Shipped', 'Cancelled'],
  Shipped: ['Delivered', 'Cancelled'],
  Delivered: [],
  Cancelled: [],
};

export function canChangeOrderStatus(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

export function nextOrderStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

/** Cancelling gives the stock back; no other change touches stock. */
export function restocksOnChange(from: OrderStatus, to: OrderStatus): boolean {
  return canChangeOrderStatus(from, to) && to === 'Cancelled';
}
