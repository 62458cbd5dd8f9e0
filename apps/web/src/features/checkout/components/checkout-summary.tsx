import { SHOP_UI_MESSAGES as UI, formatUsd } from '@shopper/contract/plain';
import type { Cart, CartSummaryAnswer } from '@shopper/contract';
import { MoneyBreakdown } from '../../../components/money-breakdown.tsx';
import { ProductImage } from '../../../components/product-image.tsx';
import { lineColour, lineVariant } from '../../../lib/line-colour.ts';
import styles from '../checkout.module.css';

/** Lines from the server cart, amounts from the server's summary: nothing is computed here. */
export function CheckoutSummary({
  cart,
  summary,
  shippingLabel,
}: {
  cart: Cart;
  summary: CartSummaryAnswer;
  shippingLabel?: string;
}) {
  return (
    <section className={styles.summary} aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className={styles.sectionTitle}>
        {UI.orderSummary}
      </h2>
      <ul className={styles.summaryLines}>
        {cart.items.map((item) => (
          <li key={`${item.productId}:${item.colourId}:${item.size}`}>
            <span className={styles.summaryImage}>
              <ProductImage src={item.image} alt="" />
            </span>
            <span className={styles.summaryName}>
              {item.name}
              <small>
                {lineVariant(lineColour(item), item.size)} · Qty {item.quantity}
              </small>
            </span>
            <span>{formatUsd(item.price)}</span>
          </li>
        ))}
      </ul>
      <MoneyBreakdown
        subtotal={summary.subtotal}
        discount={summary.discount}
        couponCode={cart.coupon?.code}
        shipping={summary.shippingAmount}
        tax={summary.taxAmount}
        total={summary.amount}
        shippingLabel={shippingLabel}
        pricesIncludeTax={summary.pricesIncludeTax}
      />
    </section>
  );
}
