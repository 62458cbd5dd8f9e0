import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminCategoryAnswerSchema, BannerUploadAnswerSchema, type CategoryBannerBody } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { categoriesKey } from './get-categories.ts';

/** Re-encoded on the server; answers the picture's address and size, to choose before saving. */
export function uploadBannerPicture(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiCall('/admin/categories/banner-images', BannerUploadAnswerSchema, { method: 'POST', body: form }).then(
    (answer) => answer.banner,
  );
}

export function useSaveBanner(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CategoryBannerBody) =>
      apiCall(`/admin/categories/${encodeURIComponent(slug)}/banner`, AdminCategoryAnswerSchema, {
        method: 'PUT',
        body,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}
