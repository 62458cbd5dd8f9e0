import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminCouponAnswerSchema,
  AdminCouponListSchema,
  type AdminCoupon,
  type AdminCouponListQuery,
  type CouponCreateBody,
  type CouponUpdateBody,
} from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

const couponsKey = ['admin', 'coupons'] as const;

export function useCouponList(query: AdminCouponListQuery) {
  return useQuery({
    queryKey: [...couponsKey, query],
    queryFn: ({ signal }) => apiCall('/admin/coupons', AdminCouponListSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useCouponMutation<V>(call: (variables: V) => Promise<{ coupon: AdminCoupon }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => (await call(variables)).coupon,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: couponsKey }),
  });
}

export function useCreateCoupon() {
  return useCouponMutation((body: CouponCreateBody) =>
    apiCall('/admin/coupons', AdminCouponAnswerSchema, { method: 'POST', body }),
  );
}

export function useUpdateCoupon() {
  return useCouponMutation(({ code, body }: { code: string; body: CouponUpdateBody }) =>
    apiCall(`/admin/coupons/${encodeURIComponent(code)}`, AdminCouponAnswerSchema, { method: 'PATCH', body }),
  );
}

export function useExpireCoupon() {
  return useCouponMutation((code: string) =>
    apiCall(`/admin/coupons/${encodeURIComponent(code)}/expire`, AdminCouponAnswerSchema, { method: 'POST' }),
  );
}
