import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/products/categories: each category with its page banner (docs/product.md#category-page). */
export function getCategories(signal?: AbortSignal) {
  return apiClient.get('/products/categories', (s) => s.CategoriesAnswerSchema, { signal });
}

export const categoriesQueryOptions = queryOptions({
  queryKey: ['categories'] as const,
  queryFn: ({ signal }) => getCategories(signal),
  // Banners change rarely (the owner, in the back office).
  staleTime: 5 * 60_000,
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
