import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADD_TO_CART_LOCK_MS, CART_MESSAGES, MESSAGES } from '@shopper/contract/plain';
import type { Product, ProductColour } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { useChangesBeforeHydration } from '../../../hooks/use-changes-before-hydration.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { fetchIsGuestCheckoutOn } from '../../../lib/guest-checkout.ts';
import { hasColourChoice } from '../../../lib/product-colours.ts';
import { isSignedIn } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toast.ts';
import { useAddToCart } from '../api/add-to-cart.ts';
import { ColourPicker } from './colour-picker.tsx';
import { NotifyMe } from './notify-me.tsx';
import { SaveButton } from './save-button.tsx';
import styles from './product-page.module.css';

type SizeStock = Product['stock'];

function stockOf(stock: SizeStock, size: string): number {
  return stock.find((entry) => entry.size === size)?.quantity ?? 0;
}

interface PurchasePanelProps {
  product: Product;
  /** The colour shown (decision 043); undefined only for a product answered without colours. */
  colour: ProductColour | undefined;
  onColourChange: (colour: ProductColour) => void;
  /** `?size=` of the URL (a back-in-stock mail's link): chosen once the page has hydrated, if in stock. */
  initialSize?: string | null;
}

/**
 * Colour picker, size picker, quantity stepper and Add to Cart (docs/product.md#product-page). The
 * stock is the chosen colour's: its sold-out sizes and the quantity's maximum follow the colour, and
 * the chosen size stays chosen when the colour changes (decision 043).
 */
export function PurchasePanel({ product, colour, onColourChange, initialSize = null }: PurchasePanelProps) {
  const [size, setSize] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [isLocked, setIsLocked] = useState(false);
  const lockTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const addToCart = useAddToCart();
  const queryClient = useQueryClient();
  const sizeErrorId = useId();
  const quantityId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const stock = colour?.stock ?? product.stock;
  const isColourNamed = colour !== undefined && hasColourChoice(product);

  // A size picked or a quantity typed before the panel hydrated is the panel's choice (decision 039).
  useChangesBeforeHydration(panelRef, (fields) => {
    const picked = fields.find((field) => field instanceof HTMLInputElement && field.type === 'radio' && field.checked);
    const chosenSize = picked?.value ?? size;
    if (picked) chooseSize(picked.value);
    const typed = fields.find((field) => field instanceof HTMLInputElement && field.type === 'number');
    const typedQuantity = Number(typed?.value);
    if (typed && Number.isFinite(typedQuantity)) {
      const max = chosenSize ? Math.max(1, stockOf(stock, chosenSize)) : 1;
      setQuantity(Math.min(max, Math.max(1, Math.trunc(typedQuantity))));
    }
  });

  useEffect(() => () => clearTimeout(lockTimer.current), []);

  // After hydration, not in the server's render: the cached page is the same for every `?size=`.
  useEffect(() => {
    if (initialSize && product.sizes.includes(initialSize) && stockOf(stock, initialSize) > 0) chooseSize(initialSize);
    // Once, as the page opens: later choices are the shopper's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const isOutOfStock =
    !(colour?.in_stock ?? product.in_stock) || product.sizes.every((option) => stockOf(stock, option) === 0);
  const sizeStock = size ? stockOf(stock, size) : 0;
  const isSizeSoldOut = size !== null && sizeStock === 0;
  const maxQuantity = size ? Math.max(1, sizeStock) : 1;
  // Another colour may have fewer of the chosen size: the quantity follows it down.
  if (quantity > maxQuantity) setQuantity(maxQuantity);

  function chooseSize(next: string) {
    setSize(next);
    setSizeError(null);
    setQuantity((current) => Math.min(current, Math.max(1, stockOf(stock, next))));
  }

  function changeQuantity(next: number) {
    if (!Number.isFinite(next)) return;
    setQuantity(Math.min(maxQuantity, Math.max(1, Math.trunc(next))));
  }

  async function handleAdd() {
    if (isLocked) return;
    setIsLocked(true);
    lockTimer.current = setTimeout(() => setIsLocked(false), ADD_TO_CART_LOCK_MS);

    if (!size) {
      setSizeError(MESSAGES.selectSizeInline);
      showToast(MESSAGES.selectSizeBeforeAdding, 'error');
      return;
    }
    // A visitor without a session adds as a guest only when the shop allows it (decision 072).
    if (!isSignedIn() && !(await fetchIsGuestCheckoutOn(queryClient))) {
      showToast(MESSAGES.loginToAddToCart, 'error');
      return;
    }
    const added = isColourNamed ? `${colour.name}, ${size}` : size;
    addToCart.mutate(
      { productId: product.id, quantity, size, ...(colour ? { colourId: colour.id } : {}) },
      {
        onSuccess: () => showToast(`Added ${product.name} (${added}) to your cart`, 'success'),
        onError: (error) => {
          if (isApiError(error) && error.status === 401) {
            // A guest refused: the owner turned guest checkout off since the config was read.
            return showToast(isSignedIn() ? MESSAGES.loginAgainToAddToCart : MESSAGES.loginToAddToCart, 'error');
          }
          if (isApiError(error) && error.errors?.some((field) => field.param === 'size')) {
            setSizeError(MESSAGES.selectSizeInline);
            return showToast(MESSAGES.selectSizeForProduct, 'error');
          }
          if (isApiError(error) && error.errors?.some((field) => field.param === 'colourId')) {
            return showToast(CART_MESSAGES.colourNotFound, 'error');
          }
          showToast(MESSAGES.addToCartFailed, 'error');
        },
      },
    );
  }

  const isBusy = isLocked || addToCart.isPending;
  const soldOutSizes = product.sizes.filter((option) => stockOf(stock, option) === 0);

  return (
    <div className={styles.purchase} ref={panelRef}>
      {isColourNamed ? <ColourPicker colours={product.colours} chosen={colour} onChoose={onColourChange} /> : null}
      <fieldset className={styles.sizes} aria-describedby={sizeError ? sizeErrorId : undefined}>
        <legend className={styles.label}>Select size</legend>
        <div className={styles.sizeOptions}>
          {product.sizes.map((option) => {
            const isSoldOut = stockOf(stock, option) === 0;
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
        <Button
          variant="accent"
          className={styles.addButton}
          onClick={() => void handleAdd()}
          disabled={isOutOfStock || isSizeSoldOut || isBusy}
        >
          {isOutOfStock ? 'Out of stock' : isBusy ? 'Adding...' : 'Add to Cart'}
        </Button>
        <SaveButton product={product} colour={colour} size={size} />
      </div>
      {size && !isOutOfStock ? (
        <p className={styles.stockNote}>
          {isSizeSoldOut
            ? isColourNamed
              ? CART_MESSAGES.soldOutIn(colour.name, size)
              : CART_MESSAGES.soldOut(size)
            : sizeStock <= 5
              ? `Only ${sizeStock} left in ${size}`
              : `In stock in ${size}`}
        </p>
      ) : null}
      {colour && soldOutSizes.length > 0 ? (
        <NotifyMe key={colour.id} product={product} colour={colour} soldOutSizes={soldOutSizes} />
      ) : null}
    </div>
  );
}
