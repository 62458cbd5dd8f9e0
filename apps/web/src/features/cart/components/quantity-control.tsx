import { useState, type KeyboardEvent } from 'react';
import styles from '../cart.module.css';

interface QuantityControlProps {
  name: string;
  quantity: number;
  maxQuantity: number;
  isDisabled: boolean;
  onChange: (quantity: number) => void;
  /** Minus at quantity 1 removes the whole line (docs/product.md#cart). */
  onRemove: () => void;
}

/** The line's stepper: minus, a typed quantity saved on blur when it changed, plus (docs/product.md#cart). */
export function QuantityControl({ name, quantity, maxQuantity, isDisabled, onChange, onRemove }: QuantityControlProps) {
  const [draft, setDraft] = useState(String(quantity));
  const [shown, setShown] = useState(quantity);
  // The server (or a rollback) moved the quantity: show it.
  if (shown !== quantity) {
    setShown(quantity);
    setDraft(String(quantity));
  }
  const ceiling = Math.max(maxQuantity, 1);

  function commit() {
    const typed = Number.parseInt(draft, 10);
    if (!Number.isFinite(typed)) {
      setDraft(String(quantity));
      return;
    }
    // Quantity at least 1, at most what the line may hold.
    const next = Math.min(Math.max(typed, 1), Math.max(ceiling, quantity));
    setDraft(String(next));
    if (next !== quantity) onChange(next);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') event.currentTarget.blur();
  }

  return (
    <div className={styles.stepper} role="group" aria-label={`Quantity of ${name}`}>
      <button
        type="button"
        aria-label={quantity <= 1 ? `Remove ${name}` : `Decrease quantity of ${name}`}
        onClick={() => (quantity <= 1 ? onRemove() : onChange(quantity - 1))}
        disabled={isDisabled}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-label={`Quantity of ${name}`}
        min={1}
        max={ceiling}
        value={draft}
        disabled={isDisabled}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={handleKeyDown}
      />
      <button
        type="button"
        aria-label={`Increase quantity of ${name}`}
        onClick={() => onChange(quantity + 1)}
        disabled={isDisabled || quantity >= maxQuantity}
      >
        +
      </button>
    </div>
  );
}
