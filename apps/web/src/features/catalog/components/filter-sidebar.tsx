import { useState, type FormEvent } from 'react';
import { DEFAULT_PRICE_MAX, DEFAULT_PRICE_MIN, MESSAGES, type ProductFacets } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import type { ListingPatch, ListingState } from '../hooks/use-listing-params.ts';
import styles from './filter-sidebar.module.css';

// SPEC §5: the star filter runs 1-5; five stars and up is simply five stars.
const RATING_OPTIONS = [5, 4, 3, 2, 1] as const;

interface FilterSidebarProps {
  state: ListingState;
  facets: ProductFacets | undefined;
  isFiltered: boolean;
  onChange: (patch: ListingPatch) => void;
  onClear: () => void;
}

function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

export function FilterSidebar({ state, facets, isFiltered, onChange, onClear }: FilterSidebarProps) {
  const sizes = facets?.sizes ?? [];
  const types = facets?.types ?? [];
  // Keep selected values visible even if the facets no longer list them.
  const sizeOptions = [...new Set([...sizes, ...state.sizes])];
  const typeOptions = [...new Set([...types, ...state.types])];

  return (
    <div className={styles.sidebar}>
      <div className={styles.header}>
        <h2 className={styles.title}>Filters</h2>
        <button type="button" className={styles.clear} onClick={onClear} disabled={!isFiltered}>
          Clear filters
        </button>
      </div>

      <PriceFilter
        key={`${state.minPrice}-${state.maxPrice}`}
        minPrice={state.minPrice}
        maxPrice={state.maxPrice}
        onApply={(minPrice, maxPrice) => onChange({ minPrice, maxPrice })}
      />

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Rating</legend>
        <ul className={styles.options}>
          {RATING_OPTIONS.map((stars) => (
            <li key={stars}>
              <label className={styles.option}>
                <input
                  type="radio"
                  name="rating"
                  value={stars}
                  checked={state.rating === stars}
                  // SPEC §5: clicking the active rating clears it (a radio fires no change then).
                  onClick={() => state.rating === stars && onChange({ rating: null })}
                  onChange={() => onChange({ rating: stars })}
                />
                <span className={styles.stars} aria-hidden="true">
                  {'★'.repeat(stars)}
                  {'☆'.repeat(5 - stars)}
                </span>
                {stars === 5 ? (
                  <span className="visually-hidden">5 stars</span>
                ) : (
                  <>
                    <span className="visually-hidden">{stars} stars and up</span>
                    <span aria-hidden="true">&amp; up</span>
                  </>
                )}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Offers</legend>
        <label className={styles.option}>
          <input
            type="checkbox"
            checked={state.isDiscountOnly}
            onChange={(event) => onChange({ isDiscountOnly: event.currentTarget.checked })}
          />
          On sale only
        </label>
      </fieldset>

      {sizeOptions.length > 0 ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Sizes</legend>
          <ul className={styles.chips}>
            {sizeOptions.map((size) => (
              <li key={size} className={styles.chip}>
                <input
                  type="checkbox"
                  id={`filter-size-${size}`}
                  checked={state.sizes.includes(size)}
                  onChange={() => onChange({ sizes: toggle(state.sizes, size) })}
                  aria-label={`Size ${size}`}
                />
                <span aria-hidden="true">{size}</span>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      {typeOptions.length > 0 ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Type</legend>
          <ul className={styles.options}>
            {typeOptions.map((type) => (
              <li key={type}>
                <label className={`${styles.option} ${styles.capitalize}`}>
                  <input
                    type="checkbox"
                    checked={state.types.includes(type)}
                    onChange={() => onChange({ types: toggle(state.types, type) })}
                  />
                  {type}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
}

interface PriceFilterProps {
  minPrice: number;
  maxPrice: number;
  onApply: (minPrice: number, maxPrice: number) => void;
}

/** SPEC §5 Price filter: numbers of 0 or more; a maximum of 0 means no upper bound. */
function PriceFilter({ minPrice, maxPrice, onApply }: PriceFilterProps) {
  const [minText, setMinText] = useState(String(minPrice));
  const [maxText, setMaxText] = useState(String(maxPrice));
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const min = minText.trim() === '' ? DEFAULT_PRICE_MIN : Number(minText);
    const max = maxText.trim() === '' ? DEFAULT_PRICE_MAX : Number(maxText);
    if (!Number.isFinite(min) || !Number.isFinite(max) || min < 0 || max < 0) {
      setError('Prices must be numbers of 0 or more.');
      return;
    }
    if (max !== 0 && min > max) {
      setError(MESSAGES.priceRangeInverted);
      return;
    }
    setError(null);
    if (min !== minPrice || max !== maxPrice) onApply(min, max);
  }

  return (
    <form className={styles.group} onSubmit={handleSubmit} aria-labelledby="price-filter-title" noValidate>
      <h3 id="price-filter-title" className={styles.legend}>
        Price (USD)
      </h3>
      <div className={styles.priceRow}>
        <label className={styles.field}>
          Min price
          <input
            className={styles.input}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={minText}
            onChange={(event) => setMinText(event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'price-filter-error' : 'price-filter-hint'}
          />
        </label>
        <label className={styles.field}>
          Max price
          <input
            className={styles.input}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={maxText}
            onChange={(event) => setMaxText(event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'price-filter-error' : 'price-filter-hint'}
          />
        </label>
      </div>
      {error ? (
        <p id="price-filter-error" className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        <p id="price-filter-hint" className={styles.hint}>
          Max 0 means no upper limit.
        </p>
      )}
      <Button type="submit" variant="secondary" size="small" className={styles.apply}>
        Apply price
      </Button>
    </form>
  );
}
