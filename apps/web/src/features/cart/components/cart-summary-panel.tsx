import type { ReactNode } from 'react';
import { CHECKOUT_MESSAGES, SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import type { Cart, CartSummaryAnswer } from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { MoneyBreakdown } from '../../../components/money-breakdown.tsx';
import styles from '../cart.module.css';

interface CartSummaryPanelProps {
  cart: Cart;
  /** The server's priced summary (tax included); absent while it loads or when it failed. */
  summary: CartSummaryAnswer | undefined;
  /** Loading the summary failed: docs/product.md#cart says so rather than pretending tax comes later. */
  isSummaryFailed?: boolean;
  onRetrySummary?: () => void;
  promo: ReactNode;
  action: ReactNode;
}

/** Order Summary of the cart page: every amount comes from the server (GET /api/cart and cart-summary). */
export function CartSummaryPanel({
  cart,
  summary,
  isSummaryFailed = false,
  onRetrySummary,
  promo,
  action,
}: CartSummaryPanelProps) {
  // A summary priced for an older cart (a change is on its way) is not shown.
  const priced =
    summary && summary.subtotal === cart.subtotal && summary.discount === cart.discount ? summary : undefined;
  return (
    <aside className={styles.summary} aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className={styles.summaryTitle}>
        {UI.orderSummary}
      </h2>
      <MoneyBreakdown
        subtotalLabel={`Subtotal (${cart.totalItems === 1 ? '1 item' : `${cart.totalItems} items`})`}
        subtotal={cart.subtotal}
        discount={cart.discount}
        couponCode={cart.coupon?.code}
        shipping={priced?.shippingAmount ?? 0}
        tax={priced ? priced.taxAmount : null}
        unpricedTaxText={isSummaryFailed ? '—' : undefined}
        total={priced?.amount ?? cart.totalPrice}
      />
      {isSummaryFailed && !priced ? (
        <Alert tone="error">
          {CHECKOUT_MESSAGES.loadCartSummaryFailed}{' '}
          {onRetrySummary ? (
            <Button size="small" variant="secondary" onClick={onRetrySummary}>
              {UI.tryAgain}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {promo}
      {action}
    </aside>
  );
}
