import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminCollectionAnswerSchema,
  AdminCollectionDeletedAnswerSchema,
  AdminCollectionListAnswerSchema,
  AdminHomeSectionsAnswerSchema,
  AdminProductListSchema,
  BannerUploadAnswerSchema,
  type CollectionBody,
  type HomeSectionsBody,
} from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

const collectionsKey = ['admin', 'collections'] as const;
const homeKey = ['admin', 'collections', 'home-sections'] as const;

export function useCollections() {
  return useQuery({
    queryKey: [...collectionsKey, 'list'],
    queryFn: ({ signal }) =>
      apiCall('/admin/collections', AdminCollectionListAnswerSchema, { signal }).then((a) => a.collections),
  });
}

export function useCollection(id: string | undefined) {
  return useQuery({
    queryKey: [...collectionsKey, 'one', id],
    queryFn: ({ signal }) =>
      apiCall(`/admin/collections/${encodeURIComponent(id ?? '')}`, AdminCollectionAnswerSchema, { signal }),
    enabled: id !== undefined,
  });
}

export function useSaveCollection(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionBody) =>
      id === undefined
        ? apiCall('/admin/collections', AdminCollectionAnswerSchema, { method: 'POST', body })
        : apiCall(`/admin/collections/${encodeURIComponent(id)}`, AdminCollectionAnswerSchema, { method: 'PUT', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: collectionsKey }),
  });
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiCall(`/admin/collections/${encodeURIComponent(id)}`, AdminCollectionDeletedAnswerSchema, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: collectionsKey }),
  });
}

export function useHomeSections() {
  return useQuery({
    queryKey: homeKey,
    queryFn: ({ signal }) => apiCall('/admin/collections/home-sections', AdminHomeSectionsAnswerSchema, { signal }),
  });
}

export function useSaveHomeSections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HomeSectionsBody) =>
      apiCall('/admin/collections/home-sections', AdminHomeSectionsAnswerSchema, { method: 'PUT', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: homeKey }),
  });
}

/** Products to pick from, by name, any status. */
export function useProductSearch(q: string) {
  return useQuery({
    queryKey: ['admin', 'products', 'pick', q],
    queryFn: ({ signal }) =>
      apiCall('/admin/products', AdminProductListSchema, { query: { q: q || undefined, pageSize: 8 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Re-encoded like product pictures; answers the picture's address and size. */
export function uploadBannerPicture(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiCall('/admin/categories/banner-images', BannerUploadAnswerSchema, { method: 'POST', body: form }).then(
    (answer) => answer.banner,
  );
}
