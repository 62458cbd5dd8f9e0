import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AdminProductAnswerSchema, AdminProductListSchema, type AdminProductListQuery } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

export const productsKey = ['admin', 'products'] as const;

export function productListQuery(query: AdminProductListQuery) {
  return queryOptions({
    queryKey: [...productsKey, 'list', query],
    queryFn: ({ signal }) => apiCall('/admin/products', AdminProductListSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProductList(query: AdminProductListQuery) {
  return useQuery(productListQuery(query));
}

export function productQuery(id: string) {
  return queryOptions({
    queryKey: [...productsKey, 'one', id],
    queryFn: ({ signal }) =>
      apiCall(`/admin/products/${encodeURIComponent(id)}`, AdminProductAnswerSchema, { signal }).then(
        (answer) => answer.product,
      ),
  });
}

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
