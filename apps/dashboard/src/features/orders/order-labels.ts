import type { OrderStatus } from '@shopper/contract';
import type { BadgeTone } from '../../components/badge.tsx';

export const STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  Processing: 'warning',
  Shipped: 'neutral',
  Delivered: 'success',
  Cancelled: 'danger',
};

export const EVENT_LABELS: Record<string, string> = {
  placed: 'Order placed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  'refund-failed': 'Refund failed',
};
