/**
 * The URL paths behind each surrogate key, for a cache that purges by URL (nginx's cache purge
 * module) rather than by key. A trailing `*` asks for every cached URL that begins with the rest,
 * which ngx_cache_purge does with a cache key that begins with the URI (docs/scaling.md#nginx).
 */
export function pathsOfKey(key: string): string[] {
  if (key === 'all-products') {
    return [
      '/',
      '/shop*',
      '/api/products/all-products*',
      '/api/products/facets',
      '/api/products/newcollection',
      '/api/products/featured-women',
      '/api/home-sections',
      '/collections/*',
      '/api/collections/*',
    ];
  }
  if (key === 'categories') return ['/', '/api/products/categories'];
  if (key === 'collections') return ['/', '/api/home-sections'];
  const collection = /^collection-(.+)$/.exec(key)?.[1];
  if (collection) return [`/collections/${collection}*`, `/api/collections/${collection}*`];
  const slug = /^product-slug-(.+)$/.exec(key)?.[1];
  if (slug) return [`/products/${slug}*`, `/api/products/slug/${slug}`];
  const category = /^category-(.+)$/.exec(key)?.[1];
  if (category) {
    return [
      `/${category}*`,
      `/api/products/category/${category}*`,
      `/api/products/facets?category=${category}`,
      `/api/products/related/${category}/*`,
    ];
  }
  const id = /^product-(.+)$/.exec(key)?.[1];
  if (id) return [`/product/${id}*`, `/api/products/${id}`];
  return [];
}
