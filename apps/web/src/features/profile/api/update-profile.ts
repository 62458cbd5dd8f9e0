import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateBody } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { setCurrentUser } from '../../../lib/current-user.ts';
import { savedAddressKeys } from '../../../lib/saved-addresses.ts';

/** PUT /api/users/profile {name, phone, address?}: answers the updated user. */
export function updateProfile(body: ProfileUpdateBody) {
  return apiClient.put('/users/profile', body, (s) => s.UserAnswerSchema);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (answer) => {
      await setCurrentUser(queryClient, answer.user);
      // The profile's address is the address book's default entry.
      void queryClient.invalidateQueries({ queryKey: savedAddressKeys.all });
    },
  });
}
