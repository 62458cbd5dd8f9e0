import { useEffect, useId, useRef, useState } from 'react';
import { ADD_TO_CART_LOCK_MS, MESSAGES } from '@shopper/contract/plain';
import type { Product } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { useChangesBeforeHydration } from '../../../hooks/use-changes-before-hydration.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { isSignedIn } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toast.ts';
import { useAddToCart } from '../api/add-to-cart.ts';
import styles from './product-page.module.css';

function stockOf(product: Product, size: string): number {
  return product.stock.find((entry) => entry.size === size)?.quantity ?? 0;
}

/** Size picker, quantity stepper and Add to Cart (docs/product.md#product-page). */
export function PurchasePanel({ product }: { product: Product }) {
  const [size, setSize] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [isLocked, setIsLocked] = useState(false);
  const lockTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const addToCart = useAddToCart();
  const sizeErrorId = useId();
  const quantityId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  // A size picked or a quantity typed before the panel hydrated is the panel's choice (decision 039).
  useChangesBeforeHydration(panelRef, (fields) => {
    const picked = fields.find((field) => field instanceof HTMLInputElement && field.type === 'radio' && field.checked);
    const chosenSize = picked?.value ?? size;
    if (picked) chooseSize(picked.value);
    const typed = fields.find((field) => field instanceof HTMLInputElement && field.type === 'number');
    const typedQuantity = Number(typed?.value);
    if (typed && Number.isFinite(typedQuantity)) {
      const max = chosenSize ? Math.max(1, stockOf(product, chosenSize)) : 1;
      setQuantity(Math.min(max, Math.max(1, Math.trunc(typedQuantity))));
    }
  });

  useEffect(() => () => clearTimeout(lockTimer.current), []);

  const isOutOfStock = !product.in_stock || product.sizes.every((option) => stockOf(product, option) === 0);
  const maxQuantity = size ? Math.max(1, stockOf(product, size)) : 1;

  function chooseSize(next: string) {
    setSize(next);
    setSizeError(null);
    setQuantity((current) => Math.min(current, Math.max(1, stockOf(product, next))));
  }

  function changeQuantity(next: number) {
    if (!Number.isFinite(next)) return;
    setQuantity(Math.min(maxQuantity, Math.max(1, Math.trunc(next))));
  }

  function handleAdd() {
    if (isLocked) return;
    setIsLocked(true);
    lockTimer.current = setTimeout(() => setIsLocked(false), ADD_TO_CART_LOCK_MS);

    if (!size) {
      setSizeError(MESSAGES.selectSizeInline);
      showToast(MESSAGES.selectSizeBeforeAdding, 'error');
      return;
    }
    if (!isSignedIn()) {
      showToast(MESSAGES.loginToAddToCart, 'error');
      return;
    }
    addToCart.mutate(
      { productId: product.id, quantity, size },
      {
        onSuccess: () => showToast(`Added ${product.name} (${size}) to your cart`, 'success'),
        onError: (error) => {
          if (isApiError(error) && error.status === 401) return showToast(MESSAGES.loginAgainToAddToCart, 'error');
          if (isApiError(error) && error.errors?.some((field) => field.param === 'size')) {
            setSizeError(MESSAGES.selectSizeInline);
            return showToast(MESSAGES.selectSizeForProduct, 'error');
          }
          showToast(MESSAGES.addToCartFailed, 'error');
        },
      },
    );
  }

  const isBusy = isLocked || addToCart.isPending;

  return (
    <div className={styles.purchase} ref={panelRef}>
      <fieldset className={styles.sizes} aria-describedby={sizeError ? sizeErrorId : undefined}>
        <legend className={styles.label}>Select size</legend>
        <div className={styles.sizeOptions}>
          {product.sizes.map((option) => {
            const isSoldOut = stockOf(product, option) === 0;
            return (
              <label key={option} className={styles.sizeOption} data-sold-out={isSoldOut}>
                <input
                  type="radio"
                  name={`size-${product.id}`}
                  value={option}
                  checked={size === option}
                  disabled={isSoldOut}
                  onChange={() => chooseSize(option)}
                />
                <span>
                  {option}
                  {isSoldOut ? <small className={styles.soldOut}>Sold out</small> : null}
                </span>
              </label>
            );
          })}
        </div>
        {sizeError ? (
          <p id={sizeErrorId} className={styles.fieldError} role="alert">
            {sizeError}
          </p>
        ) : null}
      </fieldset>

      <div className={styles.buyRow}>
        <div className={styles.stepper}>
          <label htmlFor={quantityId} className="visually-hidden">
            Quantity
          </label>
          <button
            type="button"
            aria-label="Decrease quantity"
            onClick={() => changeQuantity(quantity - 1)}
            disabled={quantity <= 1 || isOutOfStock}
          >
            −
          </button>
          <input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={1}
            max={maxQuantity}
            value={quantity}
            disabled={isOutOfStock}
            onChange={(event) => changeQuantity(Number(event.currentTarget.value))}
          />
          <button
            type="button"
            aria-label="Increase quantity"
            onClick={() => changeQuantity(quantity + 1)}
            disabled={quantity >= maxQuantity || isOutOfStock}
          >
            +
          </button>
        </div>
        <Button variant="accent" className={styles.addButton} onClick={handleAdd} disabled={isOutOfStock || isBusy}>
          {isOutOfStock ? 'Out of stock' : isBusy ? 'Adding...' : 'Add to Cart'}
        </Button>
      </div>
      {size && !isOutOfStock ? (
        <p className={styles.stockNote}>
          {stockOf(product, size) <= 5 ? `Only ${stockOf(product, size)} left in ${size}` : `In stock in ${size}`}
        </p>
      ) : null}
    </div>
  );
}
