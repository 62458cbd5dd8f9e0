import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { StaffPageSchema } from '@shopper/contract';
import { apiCall, type Query } from '../../../lib/api-client.ts';

export const staffKey = ['admin', 'staff'] as const;

export function useStaffList(query: Query) {
  return useQuery({
    queryKey: [...staffKey, query],
    queryFn: ({ signal }) => apiCall('/admin/staff', StaffPageSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
