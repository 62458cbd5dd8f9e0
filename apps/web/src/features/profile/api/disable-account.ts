import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** PUT /api/users/disable-account {password} (docs/product.md#users-api). */
export function disableAccount(password: string) {
  return apiClient.put('/users/disable-account', { password }, (s) => s.MessageAnswerSchema);
}

export function useDisableAccount() {
  return useMutation({ mutationFn: disableAccount });
}
