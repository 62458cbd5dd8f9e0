import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminStorePageAnswerSchema,
  AdminStorePageListAnswerSchema,
  AuditPageSchema,
  type StorePageBody,
  type StorePageSlug,
} from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

const pagesKey = ['admin', 'store-pages'] as const;
const historyKey = (slug: StorePageSlug) => ['admin', 'audit', 'store-page', slug] as const;

export function useStorePages() {
  return useQuery({
    queryKey: pagesKey,
    queryFn: ({ signal }) => apiCall('/admin/pages', AdminStorePageListAnswerSchema, { signal }).then((a) => a.pages),
  });
}

/** A page's history is the audit log filtered on it, newest first. */
export function useStorePageHistory(slug: StorePageSlug) {
  return useQuery({
    queryKey: historyKey(slug),
    queryFn: ({ signal }) =>
      apiCall('/admin/audit', AuditPageSchema, {
        query: { entity: 'store-page', entityId: slug, pageSize: 20 },
        signal,
      }),
  });
}

export function useSaveStorePage(slug: StorePageSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StorePageBody) =>
      apiCall(`/admin/pages/${slug}`, AdminStorePageAnswerSchema, { method: 'PUT', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pagesKey });
      void queryClient.invalidateQueries({ queryKey: historyKey(slug) });
    },
  });
}
