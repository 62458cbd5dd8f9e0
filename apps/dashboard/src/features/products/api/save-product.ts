import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AdminProductAnswerSchema,
  SlugCheckAnswerSchema,
  type AdminProduct,
  type ProductCreateBody,
  type ProductGalleryBody,
  type ProductStatus,
  type ProductUpdateBody,
} from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { productsKey } from './get-products.ts';

export const productPath = (id: string) => `/admin/products/${encodeURIComponent(id)}`;
export const toProduct = (answer: { product: AdminProduct }) => answer.product;

/** Where a gallery lives: a colour's own (decision 043), or the product's default colour's when none is named. */
const galleryPath = (id: string, colourId: string | null) =>
  colourId ? `${productPath(id)}/colours/${encodeURIComponent(colourId)}/images` : `${productPath(id)}/images`;

/** Every product change answers the product as saved; the lists and that product are refreshed. */
export function useProductMutation<V>(call: (variables: V) => Promise<AdminProduct>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (product) => {
      queryClient.setQueryData([...productsKey, 'one', product.id], product);
      void queryClient.invalidateQueries({ queryKey: [...productsKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'home'] });
    },
  });
}

export function useCreateProduct() {
  return useProductMutation((body: ProductCreateBody) =>
    apiCall('/admin/products', AdminProductAnswerSchema, { method: 'POST', body }).then(toProduct),
  );
}

export function useUpdateProduct(id: string) {
  return useProductMutation((body: ProductUpdateBody) =>
    apiCall(productPath(id), AdminProductAnswerSchema, { method: 'PATCH', body }).then(toProduct),
  );
}

export function useSetProductStatus(id: string) {
  return useProductMutation((status: ProductStatus) =>
    apiCall(`${productPath(id)}/status`, AdminProductAnswerSchema, { method: 'PUT', body: { status } }).then(toProduct),
  );
}

export function useUploadImage(id: string, colourId: string | null = null) {
  return useProductMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiCall(galleryPath(id, colourId), AdminProductAnswerSchema, { method: 'POST', body: form }).then(toProduct);
  });
}

export function useSaveGallery(id: string, colourId: string | null = null) {
  return useProductMutation((body: ProductGalleryBody) =>
    apiCall(galleryPath(id, colourId), AdminProductAnswerSchema, { method: 'PUT', body }).then(toProduct),
  );
}

/** Whether a slug is free (another product's slug, or a malformed one, is not). */
export function checkSlug(slug: string, excludeId?: string, signal?: AbortSignal) {
  return apiCall('/admin/products/slug-check', SlugCheckAnswerSchema, { query: { slug, excludeId }, signal });
}
