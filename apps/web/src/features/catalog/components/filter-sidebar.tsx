import { useRef, useState, type FormEvent } from 'react';
import {
  COLOUR_FAMILIES,
  DEFAULT_PRICE_MAX,
  DEFAULT_PRICE_MIN,
  MESSAGES,
  SHOP_UI_MESSAGES as UI,
} from '@shopper/contract/plain';
import type { ColourFamily, ListingState, ProductFacets } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { useChangesBeforeHydration, type FormField } from '../../../hooks/use-changes-before-hydration.ts';
import { useIsHydrated } from '../../../hooks/use-is-hydrated.ts';
import { capitalise } from '../../../lib/capitalise.ts';
import { FAMILY_DOTS } from '../colour-families.ts';
import { clearListingFilters, listingHref, type ListingPatch } from '../hooks/use-listing-params.ts';
import styles from './filter-sidebar.module.css';

// docs/product.md#listing-filters: the star filter runs 1-5; five stars and up is simply five stars.
const RATING_OPTIONS = [5, 4, 3, 2, 1] as const;

interface FilterSidebarProps {
  /** The listing's path: without JavaScript the filters are a GET form to it. */
  pathname: string;
  state: ListingState;
  facets: ProductFacets | undefined;
  isFiltered: boolean;
  onChange: (patch: ListingPatch) => void;
  onClear: () => void;
}

function isChoice(field: FormField): boolean {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

/** Families in COLOUR_FAMILIES order, as the listing's URL keeps them. */
function familiesIn(values: Iterable<string>): ColourFamily[] {
  const chosen = new Set(values);
  return COLOUR_FAMILIES.filter((family) => chosen.has(family));
}

/** docs/product.md#listing-filters: numbers of 0 or more; a maximum of 0 means no upper bound. */
function readPrices(minText: string, maxText: string): { min: number; max: number } | { error: string } {
  const min = minText.trim() === '' ? DEFAULT_PRICE_MIN : Number(minText);
  const max = maxText.trim() === '' ? DEFAULT_PRICE_MAX : Number(maxText);
  if (!Number.isFinite(min) || !Number.isFinite(max) || min < 0 || max < 0) {
    return { error: MESSAGES.priceFilterInvalid };
  }
  if (max !== 0 && min > max) return { error: MESSAGES.priceRangeInverted };
  return { min, max };
}

/**
 * The filters are one GET form: before JavaScript runs (or without it) ticking filters and
 * pressing Apply loads the filtered page from the server; with it, each change applies at once
 * and the form's submit is the price filter's Apply.
 */
export function FilterSidebar({ pathname, state, facets, isFiltered, onChange, onClear }: FilterSidebarProps) {
  const isHydrated = useIsHydrated();
  const [priceError, setPriceError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // A filter ticked before the sidebar hydrated applies now, as it would have then (decision 039).
  // Typed prices wait for Apply price, as they always do.
  useChangesBeforeHydration(formRef, (fields) => {
    const form = formRef.current;
    if (!form || !fields.some(isChoice)) return;
    const data = new FormData(form);
    const rating = Number(data.get('rating'));
    onChange({
      rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null,
      isDiscountOnly: data.get('discount') === 'true',
      sizes: data.getAll('sizes').map(String),
      types: data.getAll('types').map(String),
      colours: familiesIn(data.getAll('colours').map(String)),
    });
  });
  const sizes = facets?.sizes ?? [];
  const types = facets?.types ?? [];
  // Keep selected values visible even if the facets no longer list them.
  const sizeOptions = [...new Set([...sizes, ...state.sizes])];
  const typeOptions = [...new Set([...types, ...state.types])];
  const colourOptions = familiesIn([...(facets?.colours ?? []), ...state.colours]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const prices = readPrices(text('minPrice'), text('maxPrice'));
    if ('error' in prices) {
      setPriceError(prices.error);
      return;
    }
    setPriceError(null);
    if (prices.min !== state.minPrice || prices.max !== state.maxPrice) {
      onChange({ minPrice: prices.min, maxPrice: prices.max });
    }
  }

  return (
    <form ref={formRef} className={styles.sidebar} method="get" action={pathname} onSubmit={handleSubmit} noValidate>
      {/* What the sidebar does not set travels with the form; a new filter starts at page 1. */}
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {state.sort ? <input type="hidden" name="sort" value={state.sort} /> : null}
      <input type="hidden" name="limit" value={state.limit} />
      <div className={styles.header}>
        <h2 className={styles.title}>Filters</h2>
        {isHydrated || !isFiltered ? (
          <button type="button" className={styles.clear} onClick={onClear} disabled={!isFiltered}>
            Clear filters
          </button>
        ) : (
          <a className={styles.clear} href={listingHref(pathname, clearListingFilters(state))}>
            Clear filters
          </a>
        )}
      </div>

      <PriceFilter
        key={`${state.minPrice}-${state.maxPrice}`}
        minPrice={state.minPrice}
        maxPrice={state.maxPrice}
        error={priceError}
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
                  // docs/product.md#listing-filters: clicking the active rating clears it (a radio fires no change then).
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
                    <span className="visually-hidden">{`${stars} ${stars === 1 ? 'star' : 'stars'} and up`}</span>
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
            name="discount"
            value="true"
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
                  name="sizes"
                  value={size}
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
                    name="types"
                    value={type}
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

      {colourOptions.length > 0 ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{UI.colourLabel}</legend>
          <ul className={styles.options}>
            {colourOptions.map((family) => (
              <li key={family}>
                <label className={styles.option}>
                  <input
                    type="checkbox"
                    name="colours"
                    value={family}
                    checked={state.colours.includes(family)}
                    onChange={() => onChange({ colours: familiesIn(toggle(state.colours, family)) })}
                  />
                  <span
                    className={styles.colourDot}
                    style={{ backgroundColor: FAMILY_DOTS[family] }}
                    aria-hidden="true"
                  />
                  {capitalise(family)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      {/* Without JavaScript nothing applies on its own: this sends the whole form. The CSS hides it
          where scripts run, from the first paint, so hydration moves nothing (CLS). */}
      <Button type="submit" variant="primary" size="small" className="without-scripts">
        Apply filters
      </Button>
    </form>
  );
}

interface PriceFilterProps {
  minPrice: number;
  maxPrice: number;
  error: string | null;
}

/** The price fields; the sidebar form's submit (Apply price) checks and applies them. */
function PriceFilter({ minPrice, maxPrice, error }: PriceFilterProps) {
  const [minText, setMinText] = useState(String(minPrice));
  const [maxText, setMaxText] = useState(String(maxPrice));
  const fieldsRef = useRef<HTMLDivElement>(null);
  useChangesBeforeHydration(fieldsRef, (fields) => {
    for (const field of fields) {
      if (field.name === 'minPrice') setMinText(field.value);
      if (field.name === 'maxPrice') setMaxText(field.value);
    }
  });

  return (
    <div className={styles.group} role="group" aria-labelledby="price-filter-title">
      <h3 id="price-filter-title" className={styles.legend}>
        Price (USD)
      </h3>
      <div className={styles.priceRow} ref={fieldsRef}>
        <label className={styles.field}>
          Min price
          <input
            className={styles.input}
            type="number"
            name="minPrice"
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
            name="maxPrice"
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
    </div>
  );
}
