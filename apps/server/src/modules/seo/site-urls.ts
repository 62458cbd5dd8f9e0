import type { Category } from '@shopper/contract';

/** The storefront's address of a product (docs/product.md#pages). */
export function productPath(slug: string): string {
  return `/products/${encodeURIComponent(slug)}`;
}

/** A category page (docs/product.md#pages). */
export function categoryPath(category: Category): string {
  return `/${category}`;
}

/**
 * A site path made absolute on the public origin (PUBLIC_URL, which may carry a path prefix);
 * absolute http(s) URLs, such as a banner on another host, are kept as they are.
 */
export function absoluteUrl(publicOrigin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const origin = publicOrigin.replace(/\/+$/, '');
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}
