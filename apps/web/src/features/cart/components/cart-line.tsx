import { Link } from 'react-router';
import { formatUsd, hasDiscount } from '@shopper/contract/plain';
import type { CartItem } from '@shopper/contract';
import { ProductImage } from '../../../components/product-image.tsx';
import { QuantityControl } from './quantity-control.tsx';
import styles from '../cart.module.css';

interface CartLineProps {
  item: CartItem;
  isDisabled: boolean;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}

/** One line of the cart: image, name, size, unit price (regular price struck when on sale), quantity, total. */
export function CartLine({ item, isDisabled, onQuantityChange, onRemove }: CartLineProps) {
  const productPath = `/product/${encodeURIComponent(item.productId)}`;
  const isOnSale = hasDiscount(item.old_price, item.new_price);
  return (
    <li className={styles.line}>
      <Link to={productPath} className={styles.lineImage} tabIndex={-1} aria-hidden="true">
        <ProductImage src={item.image} alt="" />
      </Link>
      <div className={styles.lineInfo}>
        <h3 className={styles.lineName}>
          <Link to={productPath}>{item.name}</Link>
        </h3>
        <p className={styles.lineMeta}>Size: {item.size}</p>
        <p className={styles.linePrice}>
          <span className="visually-hidden">Unit price </span>
          {formatUsd(item.price)}
          {isOnSale ? (
            <s className={styles.oldPrice}>
              <span className="visually-hidden">Regular price </span>
              {formatUsd(item.old_price)}
            </s>
          ) : null}
        </p>
        {!item.inStock ? (
          <p className={styles.stockNote}>This size is sold out. Remove it to continue.</p>
        ) : item.maxQuantity < item.quantity ? (
          <p className={styles.stockNote}>Only {item.maxQuantity} left in this size.</p>
        ) : null}
      </div>
      <div className={styles.lineControls}>
        <QuantityControl
          name={`${item.name} (${item.size})`}
          quantity={item.quantity}
          maxQuantity={item.maxQuantity}
          isDisabled={isDisabled}
          onChange={onQuantityChange}
          onRemove={onRemove}
        />
        <p className={styles.lineTotal}>
          <span className="visually-hidden">Line total </span>
          {formatUsd(Math.round(item.price * item.quantity * 100) / 100)}
        </p>
        <button
          type="button"
          className={styles.removeButton}
          onClick={onRemove}
          disabled={isDisabled}
          aria-label={`Remove ${item.name} (${item.size}) from cart`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
