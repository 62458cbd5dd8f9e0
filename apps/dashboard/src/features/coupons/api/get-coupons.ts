import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AdminCouponListSchema, type AdminCouponListQuery } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

export const couponsKey = ['admin', 'coupons'] as const;

export function useCouponList(query: AdminCouponListQuery) {
  return useQuery({
    queryKey: [...couponsKey, query],
    queryFn: ({ signal }) => apiCall('/admin/coupons', AdminCouponListSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
