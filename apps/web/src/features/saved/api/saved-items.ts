import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { cartQueryKeys } from '../../../lib/cart-keys.ts';
import { savedItemsQueryOptions, savedKey } from '../../../lib/saved-items.ts';

/** GET /api/saved-items (docs/after-purchase.md#saved-items). */
export function useSavedItems() {
  return useQuery(savedItemsQueryOptions());
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
