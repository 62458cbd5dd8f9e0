import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StaffAnswerSchema, type AddStaffBody, type StaffRole } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { staffKey } from './get-staff.ts';

type StaffChange =
  { kind: 'add'; body: AddStaffBody } | { kind: 'role'; id: string; role: StaffRole } | { kind: 'remove'; id: string };

/** Add, change role, remove: each answers the member and the server's sentence about it. */
export function useChangeStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StaffChange) => {
      if (change.kind === 'add')
        return apiCall('/admin/staff', StaffAnswerSchema, { method: 'POST', body: change.body });
      const path = `/admin/staff/${encodeURIComponent(change.id)}`;
      if (change.kind === 'role')
        return apiCall(path, StaffAnswerSchema, { method: 'PATCH', body: { role: change.role } });
      return apiCall(path, StaffAnswerSchema, { method: 'DELETE' });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
