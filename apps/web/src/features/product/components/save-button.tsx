import { useState } from 'react';
import { AFTER_PURCHASE_MESSAGES as A } from '@shopper/contract/plain';
import type { Product, ProductColour } from '@shopper/contract';
import { isSignedIn } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSaveItem } from '../api/save-item.ts';
import styles from './product-page.module.css';

/** The heart: keeps the colour shown, and the size when one is chosen; guests are asked to log in, as with the cart. */
export function SaveButton({
  product,
  colour,
  size,
}: {
  product: Product;
  colour: ProductColour | undefined;
  size: string | null;
}) {
  const [isSaved, setIsSaved] = useState(false);
  const save = useSaveItem();
  function handleSave() {
    if (!isSignedIn()) {
      showToast(A.savedLoginNeeded, 'error');
      return;
    }
    if (!colour) return;
    save.mutate(
      { productId: product.id, colourId: colour.id, ...(size ? { size } : {}) },
      {
        onSuccess: (answer) => {
          setIsSaved(true);
          showToast(answer.message ?? A.savedAdded, 'success');
        },
        onError: () => showToast(A.savedLoginNeeded, 'error'),
      },
    );
  }
  return (
    <button
      type="button"
      className={styles.saveButton}
      aria-pressed={isSaved}
      aria-label={A.saveItem(product.name)}
      onClick={handleSave}
      disabled={save.isPending}
    >
      <span aria-hidden="true">{isSaved ? '♥' : '♡'}</span>
    </button>
  );
}
