import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AuditPageSchema } from '@shopper/contract';
import { apiCall, type Query } from '../../../lib/api-client.ts';

export function useAuditLog(query: Query) {
  return useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: ({ signal }) => apiCall('/admin/audit', AuditPageSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
