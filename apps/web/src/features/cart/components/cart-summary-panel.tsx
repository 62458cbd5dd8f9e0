import type { ReactNode } from 'react';
import { SHOP_UI_MESSAGES as UI, formatUsd, type Cart, type CartSummaryAnswer } from '@shopper/contract';
import styles from '../cart.module.css';

interface CartSummaryPanelProps {
  cart: Cart;
  /** The server's priced summary (tax included); absent while it loads or when it failed. */
  summary: CartSummaryAnswer | undefined;
  promo: ReactNode;
  action: ReactNode;
}

/** Order Summary of the cart page: every amount comes from the server (GET /api/cart and cart-summary). */
export function CartSummaryPanel({ cart, summary, promo, action }: CartSummaryPanelProps) {
  // A summary priced for an older cart (a change is on its way) is not shown.
  const priced =
    summary && summary.subtotal === cart.subtotal && summary.discount === cart.discount ? summary : undefined;
  const discount = cart.discount;
  return (
    <aside className={styles.summary} aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className={styles.summaryTitle}>
        {UI.orderSummary}
      </h2>
      <dl className={styles.amounts}>
        <div>
          <dt>Subtotal ({cart.totalItems === 1 ? '1 item' : `${cart.totalItems} items`})</dt>
          <dd>{formatUsd(cart.subtotal)}</dd>
        </div>
        {discount > 0 ? (
          <div className={styles.discountRow}>
            <dt>Discount{cart.coupon ? ` (${cart.coupon.code})` : ''}</dt>
            <dd>−{formatUsd(discount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Shipping</dt>
          <dd>{priced && priced.shippingAmount > 0 ? formatUsd(priced.shippingAmount) : UI.shippingFree}</dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd>{priced ? formatUsd(priced.taxAmount) : UI.taxAtCheckout}</dd>
        </div>
        <div className={styles.totalRow}>
          <dt>Total</dt>
          <dd>{formatUsd(priced?.amount ?? cart.totalPrice)}</dd>
        </div>
      </dl>
      {promo}
      {action}
    </aside>
  );
}
