import { SHOP_UI_MESSAGES as UI, formatUsd, type Cart, type CartSummaryAnswer } from '@shopper/contract';
import { ProductImage } from '../../../components/product-image.tsx';
import styles from '../checkout.module.css';

/** Lines from the server cart, amounts from the server's summary: nothing is computed here. */
export function CheckoutSummary({ cart, summary }: { cart: Cart; summary: CartSummaryAnswer }) {
  return (
    <section className={styles.summary} aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className={styles.sectionTitle}>
        {UI.orderSummary}
      </h2>
      <ul className={styles.summaryLines}>
        {cart.items.map((item) => (
          <li key={`${item.productId}:${item.size}`}>
            <span className={styles.summaryImage}>
              <ProductImage src={item.image} alt="" />
            </span>
            <span className={styles.summaryName}>
              {item.name}
              <small>
                Size {item.size} · Qty {item.quantity}
              </small>
            </span>
            <span>{formatUsd(item.price)}</span>
          </li>
        ))}
      </ul>
      <dl className={styles.amounts}>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatUsd(summary.subtotal)}</dd>
        </div>
        {summary.discount > 0 ? (
          <div className={styles.discountRow}>
            <dt>Discount{cart.coupon ? ` (${cart.coupon.code})` : ''}</dt>
            <dd>−{formatUsd(summary.discount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Shipping</dt>
          <dd>{summary.shippingAmount > 0 ? formatUsd(summary.shippingAmount) : UI.shippingFree}</dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd>{formatUsd(summary.taxAmount)}</dd>
        </div>
        <div className={styles.totalRow}>
          <dt>Total</dt>
          <dd>{formatUsd(summary.amount)}</dd>
        </div>
      </dl>
    </section>
  );
}
