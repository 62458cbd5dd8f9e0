import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AdminProductAnswerSchema, AdminProductListSchema } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

/** Under the products' own key, so an adjustment or a product saved elsewhere refreshes it here too. */
export function useStockProduct(productId: string) {
  return useQuery({
    queryKey: ['admin', 'products', 'one', productId],
    queryFn: ({ signal }) =>
      apiCall(`/admin/products/${encodeURIComponent(productId)}`, AdminProductAnswerSchema, { signal }).then(
        (a) => a.product,
      ),
  });
}

/** Lowest stock first, under the products' list key for the same reason. */
export function useProductsByStock(q: string, page: number) {
  const query = { q, page, sort: 'stock', dir: 'asc' };
  return useQuery({
    queryKey: ['admin', 'products', 'list', query],
    queryFn: ({ signal }) => apiCall('/admin/products', AdminProductListSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
