import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveItemBody } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { cartQueryKeys } from '../../../lib/cart-keys.ts';

export const savedKey = ['saved-items'] as const;

/** GET /api/saved-items (docs/after-purchase.md#saved-items). */
export function useSavedItems() {
  return useQuery({
    queryKey: savedKey,
    queryFn: ({ signal }) => apiClient.get('/saved-items', (s) => s.SavedItemsAnswerSchema, { signal }),
  });
}

/** POST /api/saved-items. */
export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveItemBody) => apiClient.post('/saved-items', body, (s) => s.SavedItemsAnswerSchema),
    onSuccess: (answer) => queryClient.setQueryData(savedKey, answer),
  });
}

/** DELETE /api/saved-items/{id}, or POST …/{id}/move-to-cart. */
export function useSavedItemAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: 'remove' | 'move' }) =>
      kind === 'remove'
        ? apiClient.delete(`/saved-items/${encodeURIComponent(id)}`, (s) => s.SavedItemsAnswerSchema)
        : apiClient.post(`/saved-items/${encodeURIComponent(id)}/move-to-cart`, {}, (s) => s.SavedItemsAnswerSchema),
    onSuccess: async (answer) => {
      queryClient.setQueryData(savedKey, answer);
      await queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
    },
  });
}
