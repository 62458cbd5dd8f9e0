import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShopSettingsAnswerSchema, type ShopSettings } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { settingsKey } from './get-settings.ts';

/** Home's low-stock list depends on the threshold, so it is fetched again. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<ShopSettings, 'lowStockThreshold'> & Partial<ShopSettings>) =>
      apiCall('/admin/settings', ShopSettingsAnswerSchema, { method: 'PUT', body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKey, answer.settings);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'home'] });
    },
  });
}
