import { useMutation } from '@tanstack/react-query';
import type { SaveItemBody } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/saved-items: the heart (docs/after-purchase.md#saved-items). */
export function useSaveItem() {
  return useMutation({
    mutationFn: (body: SaveItemBody) => apiClient.post('/saved-items', body, (s) => s.SavedItemsAnswerSchema),
  });
}
