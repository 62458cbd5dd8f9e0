import { useLocation, useParams, useSearchParams } from 'react-router';
import {
  CHECKOUT_MESSAGES as M,
  GUEST_CHECKOUT_MESSAGES as G,
  ROUTE_REFRESH_THRESHOLD_MS,
  ORDER_TRACKING_MESSAGES as T,
  SHOP_UI_MESSAGES as UI,
  countryName,
  formatUsd,
  shippingLineLabel,
} from '@shopper/contract/plain';
import type { Order } from '@shopper/contract';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { MoneyBreakdown } from '../../components/money-breakdown.tsx';
import { Alert } from '../../components/alert.tsx';
import { ProductImage } from '../../components/product-image.tsx';
import { lineColour, lineVariant } from '../../lib/line-colour.ts';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useCurrentUser, useRefreshUserWhenOlderThan } from '../../lib/current-user.ts';
import { messageOf } from '../../lib/form-errors.ts';
import { orderPagePath, useOrder } from './api/get-order.ts';
import { CancelOrder } from './components/cancel-order.tsx';
import { CreateAccountPanel } from './components/guest-order-panel.tsx';
import { OrderReturns } from './components/order-returns.tsx';
import { OrderProgress, TrackingDetails } from './components/order-progress.tsx';
import { StatusBadge } from './components/order-status.tsx';
import { formatOrderDate, paymentStatusLabel } from './order-format.ts';
import styles from './orders.module.css';

const breadcrumb = [
  { label: 'Home', to: '/' },
  { label: UI.orderHistoryTitle, to: '/account/orders' },
  { label: UI.orderDetailsTitle },
];
/** A guest has no order history to go back to (docs/product.md#guest-checkout). */
const guestBreadcrumb = [{ label: 'Home', to: '/' }, { label: UI.orderDetailsTitle }];

const continueShopping = (
  <ButtonLink to="/shop" variant="secondary">
    {UI.continueShopping}
  </ButtonLink>
);

/** The way on: the order history for an account; a guest, who has none, may look an order up instead. */
function NotFoundActions({ isGuest }: { isGuest: boolean }) {
  return (
    <>
      {isGuest ? (
        <ButtonLink to="/order-lookup">{G.lookupTitle}</ButtonLink>
      ) : (
        <ButtonLink to="/account/orders">{UI.viewAllOrders}</ButtonLink>
      )}
      {continueShopping}
    </>
  );
}

/** After paying as a guest, checkout names the email given (the order does not carry it). */
function guestEmailOf(state: unknown): string | null {
  const email = (state as { guestEmail?: unknown } | null)?.guestEmail;
  return typeof email === 'string' && email ? email : null;
}

/**
 * /order-confirmation/:orderId — an order id, or a payment intent id (pi_…) (docs/product.md#order-confirmation).
 * A guest reads it by the cookie of the cart that paid, and anyone by the order's signed `?key=`
 * (docs/product.md#guest-checkout).
 */
export function OrderConfirmationPage() {
  usePageTitle(UI.orderDetailsTitle);
  useRefreshUserWhenOlderThan(ROUTE_REFRESH_THRESHOLD_MS);
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const accessKey = params.get('key') || undefined;
  const location = useLocation();
  const { isAuthenticated } = useCurrentUser();
  const isGuest = !isAuthenticated;
  const order = useOrder(orderId, accessKey);

  let content;
  if (order.isPending) content = <Spinner label="Loading your order…" />;
  else if (order.isError) {
    const status = isApiError(order.error) ? order.error.status : 0;
    // Without an account, a read the server refuses is an order this visitor cannot see.
    const isNotFound = status === 404 || (isGuest && status === 401);
    content = (
      <EmptyState
        role="alert"
        title={isNotFound ? UI.orderNotFoundTitle : M.fetchOrderFailed}
        // A refused key gets the server's own words: how to find the order instead.
        message={
          isNotFound ? (accessKey ? messageOf(order.error, M.orderNotFound) : M.orderNotFound) : M.fetchOrderFailed
        }
        actions={
          isNotFound ? (
            <NotFoundActions isGuest={isGuest} />
          ) : (
            <>
              <Button onClick={() => void order.refetch()}>{UI.tryAgain}</Button>
              {isGuest ? (
                continueShopping
              ) : (
                <ButtonLink to="/account/orders" variant="secondary">
                  {UI.viewAllOrders}
                </ButtonLink>
              )}
            </>
          )
        }
      />
    );
  } else {
    content = (
      <OrderDetails
        order={order.data}
        accessKey={accessKey}
        guest={isGuest ? { email: guestEmailOf(location.state) } : null}
      />
    );
  }

  return (
    <Container isSection>
      <div className={styles.confirmation}>
        <Breadcrumb items={isGuest ? guestBreadcrumb : breadcrumb} />
        {content}
      </div>
    </Container>
  );
}

interface OrderDetailsProps {
  order: Order;
  accessKey: string | undefined;
  /** Read without an account: cancelling and returns need one, so the page offers to create it instead. */
  guest: { email: string | null } | null;
}

function OrderDetails({ order, accessKey, guest }: OrderDetailsProps) {
  const { shippingInfo: ship, paymentInfo: payment } = order;
  return (
    <>
      <header className={styles.thanks}>
        <span className={styles.thanksMark} aria-hidden="true">
          ✓
        </span>
        <h1 className={styles.thanksTitle}>{UI.thankYou}</h1>
        <p>
          Order number <strong>#{order.orderNumber}</strong>
        </p>
        <p className={styles.muted}>
          Placed on <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
        </p>
        <StatusBadge status={order.orderStatus} />
      </header>
      {guest ? <Alert tone="info">{G.guestOrderNote}</Alert> : null}

      <OrderProgress order={order} />
      {guest ? <CreateAccountPanel email={guest.email} /> : <CancelOrder order={order} />}

      <div className={styles.detailGrid}>
        <section className={styles.panel} aria-labelledby="order-summary-title">
          <h2 id="order-summary-title" className={styles.panelTitle}>
            {UI.orderSummary}
          </h2>
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
          />
        </section>

        <section className={styles.panel} aria-labelledby="order-shipping-title">
          <h2 id="order-shipping-title" className={styles.panelTitle}>
            Shipping Information
          </h2>
          <address className={styles.address}>
            {ship.name}
            <br />
            {ship.address}
            <br />
            {[ship.city, ship.state, ship.postalCode].filter(Boolean).join(', ')}
            <br />
            {countryName(ship.country) ?? ship.country}
            <br />
            {ship.phoneNumber}
          </address>
          <TrackingDetails order={order} />
        </section>

        <section className={styles.panel} aria-labelledby="order-payment-title">
          <h2 id="order-payment-title" className={styles.panelTitle}>
            Payment Information
          </h2>
          <dl className={styles.amounts}>
            <div>
              <dt>Method</dt>
              <dd>
                {payment.brand ? `${payment.brand.toUpperCase()} ` : 'Card '}
                {payment.last4 ? `•••• ${payment.last4}` : ''}
              </dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{paymentStatusLabel(payment.status)}</dd>
            </div>
            {order.refundedAmount > 0 ? (
              <div>
                <dt>{T.refundedAmount}</dt>
                <dd>{formatUsd(order.refundedAmount)}</dd>
              </div>
            ) : null}
          </dl>
          {order.refunds.length > 0 ? (
            <ul className={styles.refunds} aria-label={T.refundsTitle}>
              {order.refunds.map((refund, index) => (
                <li key={`${refund.createdAt}-${index}`}>
                  <time dateTime={refund.createdAt}>{formatOrderDate(refund.createdAt)}</time>
                  <span>{formatUsd(refund.amount)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>

      <section className={styles.panel} aria-labelledby="order-items-title">
        <h2 id="order-items-title" className={styles.panelTitle}>
          Items
        </h2>
        <ul className={styles.items}>
          {order.items.map((item) => (
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
              <span>{formatUsd(item.price)}</span>
            </li>
          ))}
        </ul>
      </section>

      {guest ? null : <OrderReturns order={order} />}

      <div className={styles.confirmationActions}>
        {guest ? null : <ButtonLink to="/account/orders">{UI.viewAllOrders}</ButtonLink>}
        {continueShopping}
        <ButtonLink to={orderPagePath(order._id, accessKey, '/receipt')} variant="secondary">
          Print receipt
        </ButtonLink>
      </div>
    </>
  );
}
