import { ORDER_TRACKING_MESSAGES as T, formatUsd, type Order } from '@shopper/contract';
import { formatOrderDate } from '../order-format.ts';
import { StatusTracker } from './order-status.tsx';
import styles from '../orders.module.css';

/**
 * Where the order is: the tracker of docs/product.md#order-status with the day of each step, or, for a
 * cancelled order (shown only as a badge, never on the tracker), when it was cancelled and what came back.
 */
export function OrderProgress({ order, isCompact = false }: { order: Order; isCompact?: boolean }) {
  if (order.orderStatus === 'Cancelled') {
    return (
      <p className={styles.cancelled}>
        {order.cancelledAt ? T.orderCancelledOn(formatOrderDate(order.cancelledAt)) : T.orderCancelled}
        {order.refundedAmount > 0 ? ` ${T.refundedToCard(formatUsd(order.refundedAmount))}` : null}
      </p>
    );
  }
  return (
    <StatusTracker
      status={order.orderStatus}
      isCompact={isCompact}
      dates={{ Processing: order.createdAt, Shipped: order.shippedAt, Delivered: order.deliveredAt }}
    />
  );
}

/** Carrier and tracking number, the number linking to the carrier's page when the server knows it. */
export function TrackingDetails({ order }: { order: Order }) {
  if (!order.trackingNumber) return null;
  return (
    <dl className={styles.tracking}>
      {order.carrier ? (
        <div>
          <dt>{T.carrier}</dt>
          <dd>{order.carrier}</dd>
        </div>
      ) : null}
      <div>
        <dt>{T.trackingNumber}</dt>
        <dd>
          {order.trackingUrl ? (
            <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer" className={styles.trackingLink}>
              {order.trackingNumber}
              <span className="visually-hidden">{T.trackingLinkHint}</span>
            </a>
          ) : (
            order.trackingNumber
          )}
        </dd>
      </div>
    </dl>
  );
}
