import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  CHECKOUT_MESSAGES as M,
  GUEST_CHECKOUT_MESSAGES as G,
  countryName,
  formatUsd,
  shippingLineLabel,
} from '@shopper/contract/plain';
import type { Order, ShopLegal } from '@shopper/contract';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { MoneyBreakdown } from '../../components/money-breakdown.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { orderPagePath, useOrder } from './api/get-order.ts';
import { shopLegalQueryOptions } from './api/get-shop-legal.ts';
import { formatOrderDate } from './order-format.ts';
import styles from './receipt.module.css';

/**
 * /order-confirmation/:orderId/receipt: the order's printable receipt (docs/shipping-and-taxes.md#receipts),
 * read like the order page: by the account, the paying guest's cookie, or the order's `?key=`.
 */
export function ReceiptPage() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const accessKey = params.get('key') || undefined;
  const { isAuthenticated } = useCurrentUser();
  usePageTitle('Receipt');
  const order = useOrder(orderId, accessKey);
  const legal = useQuery(shopLegalQueryOptions());
  let content;
  if (order.isPending || legal.isPending) content = <Spinner label="Loading your receipt…" />;
  else if (order.isError || legal.isError) {
    content = (
      <EmptyState
        role="alert"
        title={M.fetchOrderFailed}
        message={M.orderNotFound}
        actions={
          isAuthenticated ? (
            <ButtonLink to="/account/orders">View All Orders</ButtonLink>
          ) : (
            <ButtonLink to="/order-lookup">{G.lookupTitle}</ButtonLink>
          )
        }
      />
    );
  } else content = <Receipt order={order.data} legal={legal.data} accessKey={accessKey} />;
  return <Container isSection>{content}</Container>;
}

function Receipt({ order, legal, accessKey }: { order: Order; legal: ShopLegal; accessKey: string | undefined }) {
  const ship = order.shippingInfo;
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
      <div className={styles.totals}>
        <MoneyBreakdown
          subtotalLabel="Items"
          subtotal={order.itemsPrice}
          discount={order.discount}
          couponCode={order.couponCode}
          shipping={order.shippingAmount}
          tax={order.taxAmount}
          total={order.totalAmount}
          shippingLabel={shippingLineLabel(order.shippingMethodName)}
          pricesIncludeTax={order.pricesIncludeTax}
        >
          {order.refunds.map((refund) => (
            <div key={refund.createdAt}>
              <dt>Refunded {formatOrderDate(refund.createdAt)}</dt>
              <dd>−{formatUsd(refund.amount)}</dd>
            </div>
          ))}
        </MoneyBreakdown>
      </div>
      <p>Paid by card{order.paymentInfo.last4 ? ` ending ${order.paymentInfo.last4}` : ''}.</p>
      <div className={styles.actions}>
        <Button onClick={() => window.print()}>Print</Button>
        <ButtonLink to={orderPagePath(order._id, accessKey)} variant="secondary">
          Back to the order
        </ButtonLink>
      </div>
    </article>
  );
}
