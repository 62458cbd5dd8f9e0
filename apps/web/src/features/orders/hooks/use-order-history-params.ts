import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_ORDER_PAGE_SIZE,
  ORDER_PAGE_SIZES,
  ORDER_SORTS,
  ORDER_STATUS_FILTERS,
  OrderDateSchema,
  type OrderSort,
  type OrderStatusFilter,
  type OrdersQuery,
} from '@shopper/contract';

export const DEFAULT_ORDER_HISTORY: OrdersQuery = {
  status: 'all',
  sort: 'newest',
  page: 1,
  limit: DEFAULT_ORDER_PAGE_SIZE,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** Reads the order history state from the URL query; anything malformed falls back to its default. */
export function parseOrderHistoryParams(params: URLSearchParams): OrdersQuery {
  const status = params.get('status');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const from = params.get('from');
  const to = params.get('to');
  const query: OrdersQuery = {
    status: oneOf<OrderStatusFilter>(ORDER_STATUS_FILTERS, status) ? status : 'all',
    sort: oneOf<OrderSort>(ORDER_SORTS, sort) ? sort : 'newest',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (ORDER_PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_ORDER_PAGE_SIZE,
  };
  // The server's own rule, bounds included: a hand-edited URL never turns into a failed load.
  if (from && OrderDateSchema.safeParse(from).success) query.from = from;
  if (to && OrderDateSchema.safeParse(to).success) query.to = to;
  // An inverted range would be refused by the server: keep only the start.
  if (query.from && query.to && query.from > query.to) delete query.to;
  return query;
}

/** The URL query of a state: defaults are left out, so /account/orders stays clean. */
export function toOrderHistoryParams(query: OrdersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status !== 'all') params.set('status', query.status);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.sort !== 'newest') params.set('sort', query.sort);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.limit !== DEFAULT_ORDER_PAGE_SIZE) params.set('limit', String(query.limit));
  return params;
}

export type OrderHistoryChange = Partial<Omit<OrdersQuery, 'from' | 'to'>> & {
  from?: string | null;
  to?: string | null;
};

/**
 * Filters, date range, sort, page size and page of the order history, all in the URL query
 * (like the catalog, docs/decisions/005). A filter, sort or page-size change goes back to page 1.
 */
export function useOrderHistoryParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseOrderHistoryParams(searchParams), [searchParams]);

  const update = useCallback(
    (change: OrderHistoryChange) => {
      const next: OrdersQuery = { ...query, page: change.page ?? 1 };
      if (change.status) next.status = change.status;
      if (change.sort) next.sort = change.sort;
      if (change.limit) next.limit = change.limit;
      if (change.from !== undefined) {
        if (change.from) next.from = change.from;
        else delete next.from;
      }
      if (change.to !== undefined) {
        if (change.to) next.to = change.to;
        else delete next.to;
      }
      setSearchParams(toOrderHistoryParams(next));
    },
    [query, setSearchParams],
  );

  const reset = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  const hasFilters = query.status !== 'all' || Boolean(query.from) || Boolean(query.to);
  return { query, update, reset, hasFilters };
}
