import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  CHECKOUT_MESSAGES as M,
  countryName,
  formatUsd,
  shippingAmountText,
  shippingLineLabel,
  taxLineLabel,
} from '@shopper/contract/plain';
import type { Order, ShopLegal } from '@shopper/contract';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useOrder } from './api/get-order.ts';
import { shopLegalQueryOptions } from './api/get-shop-legal.ts';
import { formatOrderDate } from './order-format.ts';
import styles from './receipt.module.css';

/** /order-confirmation/:orderId/receipt: the order's printable receipt (docs/shipping-and-taxes.md#receipts). */
export function ReceiptPage() {
  const { orderId = '' } = useParams();
  usePageTitle('Receipt');
  const order = useOrder(orderId);
  const legal = useQuery(shopLegalQueryOptions());
  let content;
  if (order.isPending || legal.isPending) content = <Spinner label="Loading your receipt…" />;
  else if (order.isError || legal.isError) {
    content = (
      <EmptyState
        role="alert"
        title={M.fetchOrderFailed}
        message={M.orderNotFound}
        actions={<ButtonLink to="/account/orders">View All Orders</ButtonLink>}
      />
    );
  } else content = <Receipt order={order.data} legal={legal.data} />;
  return <Container isSection>{content}</Container>;
}

function Receipt({ order, legal }: { order: Order; legal: ShopLegal }) {
  const ship = order.shippingInfo;
  const rows: [string, string][] = [
    ['Items', formatUsd(order.itemsPrice)],
    ...(order.discount > 0
      ? [
          [`Discount${order.couponCode ? ` (${order.couponCode})` : ''}`, `−${formatUsd(order.discount)}`] as [
            string,
            string,
          ],
        ]
      : []),
    [shippingLineLabel(order.shippingMethodName), shippingAmountText(order.shippingAmount)],
    ...(order.pricesIncludeTax ? [] : [['Tax', formatUsd(order.taxAmount)] as [string, string]]),
  ];
  return (
    <article className={styles.receipt} aria-labelledby="receipt-title">
      <header className={styles.seller}>
        <p className={styles.brand}>{legal.legalName || 'SHOPPER'}</p>
        {legal.legalAddress ? <p className={styles.pre}>{legal.legalAddress}</p> : null}
        {legal.taxNumber ? <p>Tax number: {legal.taxNumber}</p> : null}
      </header>
      <h1 id="receipt-title" className={styles.title}>
        Receipt for order #{order.orderNumber}
      </h1>
      <p>
        Placed on <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
      </p>
      <section aria-labelledby="receipt-ship-to">
        <h2 id="receipt-ship-to" className={styles.subtitle}>
          Ship to
        </h2>
        <address className={styles.address}>
          {ship.name}
          <br />
          {ship.address}
          <br />
          {[ship.city, ship.state, ship.postalCode].filter(Boolean).join(', ')}
          <br />
          {countryName(ship.country) ?? ship.country}
        </address>
      </section>
      <table className={styles.lines}>
        <caption className={styles.subtitle}>Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Unit price</th>
            <th scope="col">Tax rate</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item._id}>
              <td>
                {item.name}
                {item.colourName ? `, ${item.colourName}` : ''}, size {item.size}
              </td>
              <td>{item.quantity}</td>
              <td>{formatUsd(item.price)}</td>
              <td>{item.taxRate}%</td>
              <td>{formatUsd(item.price * item.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={styles.totals}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className={styles.total}>
          <dt>Total</dt>
          <dd>{formatUsd(order.totalAmount)}</dd>
        </div>
        {order.pricesIncludeTax ? (
          <div>
            <dt>{taxLineLabel(true)}</dt>
            <dd>{formatUsd(order.taxAmount)}</dd>
          </div>
        ) : null}
        {order.refunds.map((refund) => (
          <div key={refund.createdAt}>
            <dt>Refunded {formatOrderDate(refund.createdAt)}</dt>
            <dd>−{formatUsd(refund.amount)}</dd>
          </div>
        ))}
      </dl>
      <p>Paid by card{order.paymentInfo.last4 ? ` ending ${order.paymentInfo.last4}` : ''}.</p>
      <div className={styles.actions}>
        <Button onClick={() => window.print()}>Print</Button>
        <ButtonLink to={`/order-confirmation/${order._id}`} variant="secondary">
          Back to the order
        </ButtonLink>
      </div>
    </article>
  );
}
