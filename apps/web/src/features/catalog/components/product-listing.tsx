import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  DEFAULT_PRODUCT_PAGE_SIZE,
  LOADING_INDICATOR_DELAY_MS,
  MESSAGES,
  PRODUCT_PAGE_SIZES,
  PRODUCT_SORTS,
} from '@shopper/contract/plain';
import type { Category, ProductSort } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { HydrationPart } from '../../../components/hydration-part.tsx';
import { ProductGrid } from '../../../components/product-grid.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useChangesBeforeHydration } from '../../../hooks/use-changes-before-hydration.ts';
import { useDelayedFlag } from '../../../hooks/use-delayed-flag.ts';
import { useProductFacets } from '../api/get-product-facets.ts';
import { useProducts } from '../api/get-products.ts';
import { listingHref, serializeListingParams, useListingParams } from '../hooks/use-listing-params.ts';
import { FilterSidebar } from './filter-sidebar.tsx';
import styles from './product-listing.module.css';

export const SORT_LABELS: Record<ProductSort, string> = {
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  'date-newest': 'Newest',
  'date-oldest': 'Oldest',
  discount: 'Biggest Discount',
  rating: 'Top Rated',
};

function isSort(value: string): value is ProductSort {
  return (PRODUCT_SORTS as readonly string[]).includes(value);
}

/**
 * The filterable, paginated product list shared by the shop, category and collection pages
 * (docs/product.md#listing). A collection's filters offer the whole shop's values.
 */
export function ProductListing({ category, collection }: { category?: Category; collection?: string }) {
  const { state, update, setPage, clearFilters, isFiltered } = useListingParams();
  const { pathname } = useLocation();
  const products = useProducts(state, category, collection);
  const facets = useProductFacets(category);
  const isLoadingShown = useDelayedFlag(products.isFetching, LOADING_INDICATOR_DELAY_MS);
  const [isFiltersOpen, setIsFiltersOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const controlsRef = useRef<HTMLFormElement>(null);

  // A sort or page size chosen before the listing hydrated applies now, as it would have then (039).
  useChangesBeforeHydration(controlsRef, (fields) => {
    const chosen = new Map(fields.map((field) => [field.name, field.value]));
    const sort = chosen.get('sort');
    const limit = chosen.get('limit');
    update({
      ...(sort === undefined ? {} : { sort: isSort(sort) ? sort : null }),
      ...(limit === undefined ? {} : { limit: Number(limit) }),
    });
  });

  const data = products.data;
  const sidebarId = `filters-${collection !== undefined ? 'collection' : (category ?? 'all')}`;

  function handlePageChange(page: number) {
    if (!data) return;
    if (setPage(page, data.totalPages)) {
      mainRef.current?.scrollIntoView?.({ block: 'start' });
    }
  }

  function handleRetry() {
    if (isFiltered) clearFilters();
    else void products.refetch();
  }

  let results;
  if (products.isError) {
    results = (
      <EmptyState
        role="alert"
        title={MESSAGES.errorLoadingProducts}
        message={MESSAGES.loadProductsFailed}
        actions={<Button onClick={handleRetry}>Try Again</Button>}
      />
    );
  } else if (!data) {
    results = isLoadingShown ? <Spinner label="Loading products…" /> : null;
  } else if (data.products.length === 0) {
    results = (
      <EmptyState
        message={isFiltered || state.q ? MESSAGES.noProductsMatchFilters : MESSAGES.noProductsInCategory}
        actions={
          isFiltered ? (
            <Button variant="secondary" onClick={clearFilters}>
              Clear filters
            </Button>
          ) : null
        }
      />
    );
  } else {
    results = (
      <ProductGrid
        products={data.products}
        eagerCount={4}
        priorityCount={2}
        label="Products"
        colourFamilies={state.colours}
      />
    );
  }

  const first = data && data.total > 0 ? (data.page - 1) * data.limit + 1 : 0;
  const last = data ? Math.min(data.total, data.page * data.limit) : 0;

  return (
    <div className={styles.layout}>
      {/* Phones: the sidebar folds away behind this button. */}
      <div className={styles.filtersBar}>
        <Button
          variant="secondary"
          size="small"
          aria-expanded={isFiltersOpen}
          aria-controls={sidebarId}
          onClick={() => setIsFiltersOpen((open) => !open)}
        >
          {isFiltersOpen ? 'Hide filters' : 'Filters'}
          {isFiltered ? <span className={styles.activeDot}> (active)</span> : null}
        </Button>
      </div>
      <HydrationPart>
        <aside id={sidebarId} className={styles.sidebar} data-open={isFiltersOpen} aria-label="Product filters">
          <FilterSidebar
            pathname={pathname}
            state={state}
            facets={facets.data}
            isFiltered={isFiltered}
            onChange={update}
            onClear={clearFilters}
          />
        </aside>
      </HydrationPart>

      <section className={styles.main} ref={mainRef} aria-labelledby="listing-heading" tabIndex={-1}>
        <h2 id="listing-heading" className="visually-hidden">
          Products
        </h2>
        {state.q ? (
          <p className={styles.search}>
            <span>
              Results for <strong>“{state.q}”</strong>
            </span>
            <button type="button" className={styles.searchClear} onClick={() => update({ q: '' })}>
              Clear search
            </button>
          </p>
        ) : null}
        <div className={styles.toolbar}>
          <p className={styles.count} aria-live="polite">
            {data && data.total > 0
              ? `Showing ${first}–${last} of ${data.total} ${data.total === 1 ? 'product' : 'products'}`
              : '\u00a0'}
          </p>
          {/* A GET form: without JavaScript, choose and press Apply; with it, a choice applies at once. */}
          <form
            ref={controlsRef}
            className={styles.controls}
            method="get"
            action={pathname}
            onSubmit={(event) => event.preventDefault()}
          >
            {[...serializeListingParams({ ...state, sort: null, limit: DEFAULT_PRODUCT_PAGE_SIZE, page: 1 })].map(
              ([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ),
            )}
            <label className={styles.select}>
              Sort by
              <select
                name="sort"
                value={state.sort ?? ''}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  update({ sort: isSort(value) ? value : null });
                }}
              >
                <option value="">Featured</option>
                {PRODUCT_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.select}>
              Per page
              <select
                name="limit"
                value={state.limit}
                onChange={(event) => update({ limit: Number(event.currentTarget.value) })}
              >
                {PRODUCT_PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
            {/* For a browser without scripts only: the CSS hides it from the first paint otherwise,
              so hydration moves nothing (CLS). */}
            <Button type="submit" variant="secondary" size="small" className="without-scripts">
              Apply
            </Button>
          </form>
        </div>

        <div className={styles.results} aria-busy={isLoadingShown && Boolean(data)}>
          {isLoadingShown && data ? (
            <div className={styles.busy} role="status">
              Loading…
            </div>
          ) : null}
          {results}
        </div>

        {data && !products.isError ? (
          <Pagination
            page={data.page}
            totalPages={data.totalPages}
            onPageChange={handlePageChange}
            hrefFor={(page) => listingHref(pathname, { ...state, page })}
          />
        ) : null}
      </section>
    </div>
  );
}
