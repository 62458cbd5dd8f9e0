import type { ReactNode } from 'react';
import { SHOP_UI_MESSAGES as UI, formatUsd } from '@shopper/contract/plain';
import styles from './money-breakdown.module.css';

interface MoneyBreakdownProps {
  subtotalLabel?: string;
  subtotal: number;
  discount: number;
  couponCode?: string | null | undefined;
  /** 0 shows 'Free' (docs/product.md#checkout: shipping displayed as Free). */
  shipping: number;
  /** null while the server has not priced the tax yet. */
  tax: number | null;
  /** What the tax row says while `tax` is null. */
  unpricedTaxText?: string;
  total: number;
  /** "Shipping", or "Shipping (Express)" for a named method. */
  shippingLabel?: string;
  /** Prices included tax: the tax row reads "incl. VAT", as part of the total rather than added to it. */
  pricesIncludeTax?: boolean;
  /** Rows after the total, in the same list (a receipt's refunds). */
  children?: ReactNode;
}

/** Subtotal, discount, shipping, tax and total as the server priced them, in dollars; nothing is computed here. */
export function MoneyBreakdown({
  subtotalLabel = 'Subtotal',
  subtotal,
  discount,
  couponCode,
  shipping,
  tax,
  unpricedTaxText = UI.taxAtCheckout,
  total,
  shippingLabel = 'Shipping',
  pricesIncludeTax = false,
  children,
}: MoneyBreakdownProps) {
  return (
    <dl className={styles.rows}>
      <div>
        <dt>{subtotalLabel}</dt>
        <dd>{formatUsd(subtotal)}</dd>
      </div>
      {discount > 0 ? (
        <div className={styles.discount}>
          <dt>Discount{couponCode ? ` (${couponCode})` : ''}</dt>
          <dd>−{formatUsd(discount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{shippingLabel}</dt>
        <dd>{shipping > 0 ? formatUsd(shipping) : UI.shippingFree}</dd>
      </div>
      {pricesIncludeTax ? null : (
        <div>
          <dt>Tax</dt>
          <dd>{tax === null ? unpricedTaxText : formatUsd(tax)}</dd>
        </div>
      )}
      <div className={styles.total}>
        <dt>Total</dt>
        <dd>{formatUsd(total)}</dd>
      </div>
      {pricesIncludeTax && tax !== null ? (
        <div className={styles.included}>
          <dt>incl. VAT</dt>
          <dd>{formatUsd(tax)}</dd>
        </div>
      ) : null}
      {children}
    </dl>
  );
}
