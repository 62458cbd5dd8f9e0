import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { setCurrentUser } from '../../../lib/current-user.ts';

/** POST /api/users/toggle-admin: switches the admin flag of the signed-in user (docs/product.md#roles). */
export function toggleAdmin() {
  return apiClient.post('/users/toggle-admin', undefined, (s) => s.ToggleAdminAnswerSchema);
}

export function useToggleAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleAdmin,
    onSuccess: (answer) => setCurrentUser(queryClient, answer.user),
  });
}
