import { useQuery } from '@tanstack/react-query';
import { AFTER_PURCHASE_MESSAGES as A } from '@shopper/contract/plain';
import type { Product, ProductColour } from '@shopper/contract';
import { useIsHydrated } from '../hooks/use-is-hydrated.ts';
import { savedItemsQueryOptions, useToggleSaved } from '../lib/saved-items.ts';
import { isSignedIn } from '../lib/session.ts';
import { showToast } from '../lib/toast.ts';
import styles from './card-save-button.module.css';

/**
 * The heart on a product card (docs/after-purchase.md#saved-items): saves the colour the card shows,
 * without a size. The listing is rendered on the server and cached for everyone, so the server
 * always renders it empty; whether it is filled comes from the saved items, read in the browser
 * after hydration, for a signed-in customer only. A guest who taps it is asked to log in.
 */
export function CardSaveButton({ product, colour }: { product: Pick<Product, 'id' | 'name'>; colour: ProductColour }) {
  const isMember = useIsHydrated() && isSignedIn();
  const saved = useQuery({ ...savedItemsQueryOptions(), enabled: isMember });
  const toggle = useToggleSaved();
  const entry = saved.data?.items.find((item) => item.productId === product.id && item.colourId === colour.id);
  const isSaved = isMember && entry !== undefined;

  function handleClick() {
    if (!isSignedIn()) {
      showToast(A.savedLoginNeeded, 'error');
      return;
    }
    const change = entry
      ? { kind: 'remove' as const, id: entry.id }
      : { kind: 'save' as const, body: { productId: product.id, colourId: colour.id } };
    toggle.mutate(change, {
      onSuccess: () => showToast(entry ? A.savedRemoved : A.savedAdded, 'success'),
      onError: () => showToast(A.savedLoginNeeded, 'error'),
    });
  }

  return (
    <button
      type="button"
      className={styles.heart}
      aria-pressed={isSaved}
      aria-label={A.saveItem(product.name)}
      onClick={handleClick}
      disabled={toggle.isPending}
    >
      <span aria-hidden="true">{isSaved ? '♥' : '♡'}</span>
    </button>
  );
}
