import { useMutation } from '@tanstack/react-query';
import { apiClient } from './api-client.ts';

/** POST /api/users/request-verification: sends a new verification link (auth pages and profile). */
export function requestVerification(email: string) {
  return apiClient.post('/users/request-verification', { email }, (s) => s.MessageAnswerSchema);
}

export function useRequestVerification() {
  return useMutation({ mutationFn: requestVerification });
}
