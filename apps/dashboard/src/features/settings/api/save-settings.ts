import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShopSettingsAnswerSchema, type ShopSettingsBodySchema } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { settingsKey } from './get-settings.ts';

/** The body of PUT /api/admin/settings: the threshold, and the import's image hosts when given. */
export type ShopSettingsBody = (typeof ShopSettingsBodySchema)['_input'];

/** Home's low-stock list depends on the threshold, so it is fetched again. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopSettingsBody) =>
      apiCall('/admin/settings', ShopSettingsAnswerSchema, { method: 'PUT', body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKey, answer.settings);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'home'] });
    },
  });
}
