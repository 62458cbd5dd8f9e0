import { useQuery } from '@tanstack/react-query';
import { AdminCategoriesAnswerSchema } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

export const categoriesKey = ['admin', 'categories'] as const;

export function useCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: ({ signal }) => apiCall('/admin/categories', AdminCategoriesAnswerSchema, { signal }),
  });
}
