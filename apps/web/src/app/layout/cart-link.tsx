import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import { cartQueryKeys } from '../../lib/cart-keys.ts';
import styles from './header.module.css';

/** The item count of GET /api/cart; null when the cart cannot say (no badge, never a made-up count). */
function countOf(body: unknown): number | null {
  const cart = body && typeof body === 'object' && 'cart' in body ? body.cart : body;
  if (cart && typeof cart === 'object' && 'totalItems' in cart && typeof cart.totalItems === 'number') {
    return cart.totalItems;
  }
  return null;
}

/** Shares the 'cart' key prefix, so any cart change that invalidates the cart updates the badge. */
function useCartCount(): number | null {
  const query = useQuery({
    queryKey: cartQueryKeys.count,
    queryFn: async ({ signal }) => countOf(await apiRequest('/cart', { signal })),
    retry: false,
    staleTime: 30_000,
  });
  return query.data ?? null;
}

/**
 * The cart icon of the signed-in header (docs/product.md#layout), with its item-count badge; also a
 * guest's who holds a guest cart (decision 072), whose GET /api/cart answers that cart.
 */
export function CartLink() {
  const count = useCartCount();
  const label = count === null ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link to="/cart" className={styles.cartLink} aria-label={label}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
        <path d="M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L20.5 8H6.2" strokeLinejoin="round" />
        <circle cx="10" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      {count !== null && count > 0 ? (
        <span className={styles.badge} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
