import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveItemBody } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { savedKey } from '../../../lib/saved-items.ts';

/** POST /api/saved-items: the heart (docs/after-purchase.md#saved-items). */
export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveItemBody) => apiClient.post('/saved-items', body, (s) => s.SavedItemsAnswerSchema),
    // The hearts of the listings read the same list.
    onSuccess: (answer) => queryClient.setQueryData(savedKey, answer),
  });
}
