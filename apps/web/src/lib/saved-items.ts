import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveItemBody } from '@shopper/contract';
import { apiClient } from './api-client.ts';

/** The one cache entry of the signed-in customer's saved items: the Saved items page and the hearts share it. */
export const savedKey = ['saved-items'] as const;

/** GET /api/saved-items (docs/after-purchase.md#saved-items). */
export function savedItemsQueryOptions() {
  return queryOptions({
    queryKey: savedKey,
    queryFn: ({ signal }) => apiClient.get('/saved-items', (s) => s.SavedItemsAnswerSchema, { signal }),
  });
}

/** POST /api/saved-items, or DELETE /api/saved-items/{id}: the heart, on or off. */
export function useToggleSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: 'save'; body: SaveItemBody } | { kind: 'remove'; id: string }) =>
      change.kind === 'save'
        ? apiClient.post('/saved-items', change.body, (s) => s.SavedItemsAnswerSchema)
        : apiClient.delete(`/saved-items/${encodeURIComponent(change.id)}`, (s) => s.SavedItemsAnswerSchema),
    onSuccess: (answer) => queryClient.setQueryData(savedKey, answer),
  });
}
