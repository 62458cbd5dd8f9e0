import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@shopper/contract/plain';
import type { Product } from '@shopper/contract';
import { apiClient, isApiError, loadSchemas } from '../../../lib/api-client.ts';

export function getProductById(id: string, signal?: AbortSignal) {
  return apiClient.get(`/products/${encodeURIComponent(id)}`, (s) => s.ProductAnswerSchema, { signal });
}

export function getProductBySlug(slug: string, signal?: AbortSignal) {
  return apiClient.get(`/products/slug/${encodeURIComponent(slug)}`, (s) => s.ProductAnswerSchema, { signal });
}

/** Finds a product already held by any cached listing (they all answer `{ products: [...] }`). */
async function findCachedBySlug(queryClient: QueryClient, slug: string): Promise<Product | undefined> {
  const { ProductSchema } = await loadSchemas();
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: ['products'] })) {
    if (!data || typeof data !== 'object' || !('products' in data) || !Array.isArray(data.products)) continue;
    for (const candidate of data.products as unknown[]) {
      const parsed = ProductSchema.safeParse(candidate);
      if (parsed.success && parsed.data.slug === slug) return parsed.data;
    }
  }
  return undefined;
}

/**
 * docs/product.md#product-page: when the slug lookup fails for a reason other than "not found", fall back to the
 * product list: first the listings already loaded, then a search for the slug's words.
 */
export async function getProductBySlugWithFallback(queryClient: QueryClient, slug: string, signal?: AbortSignal) {
  try {
    return (await getProductBySlug(slug, signal)).product;
  } catch (error) {
    if (!isApiError(error) || error.status === 404) throw error;
    const cached = await findCachedBySlug(queryClient, slug);
    if (cached) return cached;
    try {
      const list = await apiClient.get('/products/all-products', (s) => s.ProductListSchema, {
        query: { q: slug.replace(/-/g, ' ').slice(0, 100), limit: 48 },
        signal,
      });
      const match = list.products.find((product) => product.slug === slug);
      if (match) return match;
    } catch {
      // The fallback failing changes nothing: report the original error.
    }
    throw error;
  }
}

export function productBySlugQueryOptions(queryClient: QueryClient, slug: string) {
  return queryOptions({
    queryKey: ['product', 'slug', slug] as const,
    queryFn: ({ signal }) => getProductBySlugWithFallback(queryClient, slug, signal),
    meta: { errorToast: MESSAGES.productLoadingErrorDetail(slug) },
    // A product the server found missing renders "not found" there and when the browser hydrates;
    // refetching on mount would render a spinner in between (and a hydration mismatch).
    retryOnMount: false,
  });
}

export function productByIdQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['product', 'id', id] as const,
    queryFn: async ({ signal }) => (await getProductById(id, signal)).product,
    meta: { errorToast: MESSAGES.productLoadingErrorDetail(id) },
    retryOnMount: false,
  });
}

export function useProductBySlug(slug: string) {
  const queryClient = useQueryClient();
  return useQuery(productBySlugQueryOptions(queryClient, slug));
}

export function useProductById(id: string) {
  return useQuery(productByIdQueryOptions(id));
}

/** A review changed the product's rating and count: every cached copy of a product is refetched. */
export function refreshProductQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['product'] }),
    queryClient.invalidateQueries({ queryKey: ['products'] }),
  ]).then(() => undefined);
}
