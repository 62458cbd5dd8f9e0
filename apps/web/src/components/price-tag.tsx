import { formatUsd, hasDiscount } from '@shopper/contract/plain';
import styles from './price-tag.module.css';

interface PriceTagProps {
  oldPrice: number;
  newPrice: number;
  size?: 'medium' | 'large';
}

/** new_price is the discounted price, old_price the regular one (docs/product.md#entities). */
export function PriceTag({ oldPrice, newPrice, size = 'medium' }: PriceTagProps) {
  const isDiscounted = hasDiscount(oldPrice, newPrice);
  return (
    <span className={[styles.price, size === 'large' && styles.large].filter(Boolean).join(' ')}>
      {isDiscounted ? (
        <>
          <span className={`${styles.current} ${styles.sale}`}>
            <span className="visually-hidden">Sale price </span>
            {formatUsd(newPrice)}
          </span>
          <s className={styles.old}>
            <span className="visually-hidden">Regular price </span>
            {formatUsd(oldPrice)}
          </s>
        </>
      ) : (
        <span className={styles.current}>{formatUsd(oldPrice)}</span>
      )}
    </span>
  );
}
