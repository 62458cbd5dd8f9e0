import { Link } from 'react-router';
import {
  ORDER_CARD_PREVIEW_ITEMS,
  ORDER_TRACKING_MESSAGES as T,
  SHOP_UI_MESSAGES as UI,
  formatUsd,
  shippingAmountText,
  shippingLineLabel,
  taxLineLabel,
} from '@shopper/contract/plain';
import type { Order } from '@shopper/contract';
import { ProductImage } from '../../../components/product-image.tsx';
import { lineColour, lineVariant } from '../../../lib/line-colour.ts';
import { formatOrderDate } from '../order-format.ts';
import { OrderProgress, TrackingDetails } from './order-progress.tsx';
import { StatusBadge } from './order-status.tsx';
import styles from '../orders.module.css';

/** One order in the history: the first 3 items, then '+N more item(s)' (docs/product.md#order-history). */
export function OrderCard({ order }: { order: Order }) {
  const preview = order.items.slice(0, ORDER_CARD_PREVIEW_ITEMS);
  const more = order.items.length - preview.length;
  const detailsPath = `/order-confirmation/${encodeURIComponent(order._id)}`;
  return (
    <article className={styles.card} aria-labelledby={`order-${order._id}`}>
      <header className={styles.cardHeader}>
        <div>
          <h2 id={`order-${order._id}`} className={styles.cardTitle}>
            Order #{order.orderNumber}
          </h2>
          <p className={styles.muted}>
            Placed on <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </p>
        </div>
        <StatusBadge status={order.orderStatus} />
      </header>
      <ul className={styles.cardItems} aria-label="Items">
        {preview.map((item) => (
          <li key={item._id}>
            <span className={styles.thumb}>
              <ProductImage src={item.image} alt="" />
            </span>
            <span className={styles.itemName}>
              {item.name}
              <small>
                {lineVariant(lineColour(item), item.size)} · Qty {item.quantity}
              </small>
            </span>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className={styles.more}>{UI.moreItems(more)}</p> : null}
      <OrderProgress order={order} isCompact />
      <TrackingDetails order={order} />
      <footer className={styles.cardFooter}>
        <p>
          Total <strong>{formatUsd(order.totalAmount)}</strong>
          <span className={styles.muted}>
            {' '}
            · {shippingLineLabel(order.shippingMethodName)} {shippingAmountText(order.shippingAmount)} ·{' '}
            {taxLineLabel(order.pricesIncludeTax)} {formatUsd(order.taxAmount)}
          </span>
          {order.refundedAmount > 0 && order.orderStatus !== 'Cancelled' ? (
            <span className={styles.muted}>
              {' '}
              · {T.refundedAmount} {formatUsd(order.refundedAmount)}
            </span>
          ) : null}
        </p>
        <Link to={detailsPath} className={styles.detailsLink}>
          View details<span className="visually-hidden"> of order #{order.orderNumber}</span>
        </Link>
      </footer>
    </article>
  );
}
