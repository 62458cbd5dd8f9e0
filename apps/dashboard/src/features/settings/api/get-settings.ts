import { useQuery } from '@tanstack/react-query';
import { ShopSettingsAnswerSchema } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

export const settingsKey = ['admin', 'settings'] as const;

export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiCall('/admin/settings', ShopSettingsAnswerSchema, { signal }).then((a) => a.settings),
  });
}
