import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/users/me/data: everything the shop holds about the signed-in customer (docs/product.md#your-data). */
export function fetchMyData() {
  return apiClient.get('/users/me/data', (s) => s.CustomerDataExportSchema);
}

/** POST /api/users/me/erase {password}: the account is erased and every session ends. */
export function eraseAccount(password: string) {
  return apiClient.post('/users/me/erase', { password }, (s) => s.MessageAnswerSchema);
}

export function useEraseAccount() {
  return useMutation({ mutationFn: eraseAccount });
}
