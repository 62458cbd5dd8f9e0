/**
 * The signed-in user's server cart queries' keys. Every key starts with 'cart', so invalidating
 * ['cart'] refreshes them all. Apart from lib/cart-queries.ts so the header's badge (first paint)
 * does not load the cart's and checkout's texts.
 */
export const cartQueryKeys = {
  all: ['cart'] as const,
  /** The header badge (app/layout/cart-link.tsx): GET /api/cart's totalItems. */
  count: ['cart', 'count'] as const,
  detail: ['cart', 'detail'] as const,
  summary: ['cart', 'summary'] as const,
};
