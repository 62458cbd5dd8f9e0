import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AdminCustomerAnswerSchema,
  AdminCustomersPageSchema,
  AdminOrdersPageSchema,
  AuditPageSchema,
} from '@shopper/contract';
import { apiCall, type Query } from '../../../lib/api-client.ts';

export const customersKey = ['admin', 'customers'] as const;

export function useCustomerList(query: Query) {
  return useQuery({
    queryKey: [...customersKey, 'list', query],
    queryFn: ({ signal }) => apiCall('/admin/customers', AdminCustomersPageSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string) {
  return useQuery({
    queryKey: [...customersKey, 'one', id],
    queryFn: ({ signal }) =>
      apiCall(`/admin/customers/${encodeURIComponent(id)}`, AdminCustomerAnswerSchema, { signal }).then(
        (a) => a.customer,
      ),
  });
}

/**
 * One customer's orders, from the orders list filtered by customer. The key sits under the orders
 * lists' key, so shipping or cancelling an order refreshes this table too.
 */
export function useCustomerOrders(customerId: string, query: Query) {
  const withCustomer = { ...query, customerId };
  return useQuery({
    queryKey: ['admin', 'orders', 'list', withCustomer],
    queryFn: ({ signal }) => apiCall('/admin/orders', AdminOrdersPageSchema, { query: withCustomer, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The owner's view of who changed this account and why (the audit log is owner-only on the server). */
export function useCustomerHistory(customerId: string) {
  const query = { entity: 'user', entityId: customerId, pageSize: 10 };
  return useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: ({ signal }) => apiCall('/admin/audit', AuditPageSchema, { query, signal }),
  });
}
