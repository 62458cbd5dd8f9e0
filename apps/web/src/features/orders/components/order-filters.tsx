import {
  ORDER_DATE_MAX,
  ORDER_DATE_MIN,
  ORDER_PAGE_SIZES,
  ORDER_SORTS,
  ORDER_STATUS_FILTERS,
} from '@shopper/contract/plain';
import type { OrderSort, OrderStatusFilter, OrdersQuery } from '@shopper/contract';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import type { OrderHistoryChange } from '../hooks/use-order-history-params.ts';
import styles from '../orders.module.css';

const STATUS_LABELS: Record<OrderStatusFilter, string> = {
  all: 'All orders',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const SORT_LABELS: Record<OrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'price-high': 'Total: high to low',
  'price-low': 'Total: low to high',
  // alpha-asc/desc order by the order number, compared as a number (docs/product.md#order-history).
  'alpha-asc': 'Order number: low to high',
  'alpha-desc': 'Order number: high to low',
};

/** Status, date range, sort and page size of the order history (docs/product.md#order-history). */
export function OrderFilters({
  query,
  onChange,
}: {
  query: OrdersQuery;
  onChange: (change: OrderHistoryChange) => void;
}) {
  return (
    <div className={styles.filters} role="group" aria-label="Filter and sort orders">
      <SelectField
        label="Status"
        value={query.status}
        onChange={(event) => onChange({ status: event.currentTarget.value as OrderStatusFilter })}
      >
        {ORDER_STATUS_FILTERS.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="From"
        type="date"
        value={query.from ?? ''}
        min={ORDER_DATE_MIN}
        max={query.to ?? ORDER_DATE_MAX}
        onChange={(event) => onChange({ from: event.currentTarget.value || null })}
      />
      <TextField
        label="To"
        type="date"
        value={query.to ?? ''}
        min={query.from ?? ORDER_DATE_MIN}
        max={ORDER_DATE_MAX}
        onChange={(event) => onChange({ to: event.currentTarget.value || null })}
      />
      <SelectField
        label="Sort by"
        value={query.sort}
        onChange={(event) => onChange({ sort: event.currentTarget.value as OrderSort })}
      >
        {ORDER_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Per page"
        value={String(query.limit)}
        onChange={(event) => onChange({ limit: Number(event.currentTarget.value) })}
      >
        {ORDER_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
