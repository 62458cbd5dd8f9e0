import { useState } from 'react';
import { COLLECTION_MAX_PRODUCTS } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { useProductSearch } from '../api/collections.ts';
import styles from '../collections.module.css';

export type Picked = { id: string; name: string };

/** Hand-picked products in the order the collection's page lists them: search to add, move or remove. */
export function ProductPicker({
  picked,
  onChange,
  error,
}: {
  picked: Picked[];
  onChange: (next: Picked[]) => void;
  error: string | undefined;
}) {
  const [q, setQ] = useState('');
  const search = useProductSearch(q);
  const chosen = new Set(picked.map((p) => p.id));
  const move = (index: number, by: -1 | 1) => {
    const next = [...picked];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    onChange(next);
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend>Products, in order</legend>
      {picked.length === 0 ? <p className={styles.muted}>No product chosen yet.</p> : null}
      <ol className={styles.picked} aria-label="Chosen products">
        {picked.map((product, index) => (
          <li key={product.id}>
            <span className={styles.pickedName}>{product.name}</span>
            <span className={styles.rowActions}>
              <Button
                variant="ghost"
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={`Move ${product.name} up`}
              >
                Move up
              </Button>
              <Button
                variant="ghost"
                disabled={index === picked.length - 1}
                onClick={() => move(index, 1)}
                aria-label={`Move ${product.name} down`}
              >
                Move down
              </Button>
              <Button
                variant="ghost"
                onClick={() => onChange(picked.filter((p) => p.id !== product.id))}
                aria-label={`Remove ${product.name}`}
              >
                Remove
              </Button>
            </span>
          </li>
        ))}
      </ol>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <label className={styles.searchLabel}>
        Find products to add
        <input type="search" value={q} onChange={(event) => setQ(event.currentTarget.value)} />
      </label>
      <ul className={styles.results} aria-label="Products found">
        {search.data?.items
          .filter((product) => !chosen.has(product.id))
          .map((product) => (
            <li key={product.id}>
              <span>
                {product.name} <span className={styles.muted}>({product.status})</span>
              </span>
              <Button
                onClick={() => onChange([...picked, { id: product.id, name: product.name }])}
                disabled={picked.length >= COLLECTION_MAX_PRODUCTS}
                aria-label={`Add ${product.name}`}
              >
                Add
              </Button>
            </li>
          ))}
      </ul>
    </fieldset>
  );
}
