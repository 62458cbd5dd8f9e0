// The order lists' closed sets and bounds (docs/product.md#order-history). Plain values, no zod: the
// storefront reads them without loading the schemas.
export const ORDER_STATUSES = ['Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_FILTERS = ['all', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];
export const ORDER_SORTS = ['newest', 'oldest', 'price-high', 'price-low', 'alpha-asc', 'alpha-desc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const ORDER_PAGE_SIZES = [5, 10, 15, 20] as const;
export const DEFAULT_ORDER_PAGE_SIZE = 5;
/** Order history cards show this many items, then '+N more item(s)' (docs/product.md#order-history). */
export const ORDER_CARD_PREVIEW_ITEMS = 3;

/**
 * The order history's date range (whole days, UTC). Bounded so that every date accepted is one that
 * JavaScript and PostgreSQL both represent, even as the end of a range plus a day.
 */
export const ORDER_DATE_MIN = '2000-01-01';
export const ORDER_DATE_MAX = '2999-12-31';
