export const EVENT_LABELS: Record<string, string> = {
  placed: 'Order placed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  'refund-failed': 'Refund failed',
};
