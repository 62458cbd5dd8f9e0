import type { Location } from 'react-router';

/** Where login sends the user back to: the origin kept in the route state, otherwise / (docs/product.md#guards). */
export function fromPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname?.startsWith('/') || from.pathname.startsWith('//')) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
