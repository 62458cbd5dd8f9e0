import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/users/forgot-password (docs/product.md#users-api). */
export function forgotPassword(email: string) {
  return apiClient.post('/users/forgot-password', { email }, (s) => s.MessageAnswerSchema);
}

/** POST /api/users/reset-password (docs/product.md#users-api). */
export function resetPassword(body: { token: string; password: string }) {
  return apiClient.post('/users/reset-password', body, (s) => s.MessageAnswerSchema);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
