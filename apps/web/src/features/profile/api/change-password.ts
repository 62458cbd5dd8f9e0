import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** PUT /api/users/change-password (docs/product.md#users-api). */
export function changePassword(body: ChangePasswordBody) {
  return apiClient.put('/users/change-password', body, (s) => s.MessageAnswerSchema);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
