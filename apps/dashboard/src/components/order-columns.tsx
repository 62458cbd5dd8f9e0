import { Link } from 'react-router';
import { type AdminOrdersPageSchema, GUEST_CHECKOUT_MESSAGES, type OrderStatus } from '@shopper/contract';
import { formatDateTime, formatMoney } from '../lib/format.ts';
import { Badge, type BadgeTone } from './badge.tsx';
import type { Column } from './data-table.tsx';
import styles from './order-columns.module.css';

export type OrderSummary = (typeof AdminOrdersPageSchema)['_output']['items'][number];

export const ORDER_STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  Processing: 'warning',
  Shipped: 'neutral',
  Delivered: 'success',
  Cancelled: 'danger',
};

/**
 * Who placed an order, on the list and the order's page. A guest's email is the one given at
 * checkout and no customer's page stands behind it (decision 072), so it is marked and not linked.
 */
export function OrderCustomer({ order }: { order: Pick<OrderSummary, 'customer' | 'guest'> }) {
  if (!order.customer) return <>—</>;
  if (!order.guest) return <Link to={`/customers/${order.customer.id}`}>{order.customer.email}</Link>;
  return (
    <span className={styles.customer}>
      <span className={styles.email}>{order.customer.email}</span>
      <Badge>{GUEST_CHECKOUT_MESSAGES.guestMarker}</Badge>
    </span>
  );
}

const CUSTOMER_COLUMN: Column<OrderSummary> = {
  key: 'customer',
  header: 'Customer',
  render: (order) => <OrderCustomer order={order} />,
};

/**
 * The columns of every list of orders, sortable on the server; the orders screen adds who placed
 * each, a customer's own page does not need to.
 */
export function orderColumns({ withCustomer }: { withCustomer: boolean }): Column<OrderSummary>[] {
  return [
    {
      key: 'orderNumber',
      header: 'Order',
      sortKey: 'orderNumber',
      render: (order) => <Link to={`/orders/${order.id}`}>{order.orderNumber}</Link>,
    },
    { key: 'createdAt', header: 'Placed', sortKey: 'createdAt', render: (order) => formatDateTime(order.createdAt) },
    ...(withCustomer ? [CUSTOMER_COLUMN] : []),
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      render: (order) => <Badge tone={ORDER_STATUS_TONES[order.status]}>{order.status}</Badge>,
    },
    { key: 'items', header: 'Items', align: 'end', render: (order) => order.itemCount },
    {
      key: 'total',
      header: 'Total',
      sortKey: 'total',
      align: 'end',
      render: (order) => (
        <>
          {formatMoney(order.totalAmount)}
          {order.refundedAmount > 0 ? (
            <span className={styles.refunded}> −{formatMoney(order.refundedAmount)} refunded</span>
          ) : null}
        </>
      ),
    },
  ];
}
