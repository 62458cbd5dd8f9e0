import { Link } from 'react-router';
import { formatUsd, hasDiscount, SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import type { CartItem } from '@shopper/contract';
import { ProductImage } from '../../../components/product-image.tsx';
import { lineColour, lineLabel } from '../../../lib/line-colour.ts';
import { QuantityControl } from './quantity-control.tsx';
import styles from '../cart.module.css';

interface CartLineProps {
  item: CartItem;
  isDisabled: boolean;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}

/**
 * One line of the cart: image, name, colour (of a product in several, with its swatch; decision 043)
 * and size, unit price (regular price struck when on sale), quantity, total.
 */
export function CartLine({ item, isDisabled, onQuantityChange, onRemove }: CartLineProps) {
  const productPath = `/product/${encodeURIComponent(item.productId)}`;
  const isOnSale = hasDiscount(item.old_price, item.new_price);
  const colour = lineColour(item);
  const label = lineLabel(item.name, colour, item.size);
  return (
    <li className={styles.line}>
      <Link to={productPath} className={styles.lineImage} tabIndex={-1} aria-hidden="true">
        <ProductImage src={item.image} alt="" />
      </Link>
      <div className={styles.lineInfo}>
        <h3 className={styles.lineName}>
          <Link to={productPath}>{item.name}</Link>
        </h3>
        {colour ? (
          <p className={styles.lineMeta}>
            <span className={styles.lineSwatch} style={{ backgroundColor: item.swatch }} aria-hidden="true" />
            {UI.colourAndSize(colour, item.size)}
          </p>
        ) : (
          <p className={styles.lineMeta}>Size: {item.size}</p>
        )}
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
          name={label}
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
          aria-label={`Remove ${label} from cart`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
