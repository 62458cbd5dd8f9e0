import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AdminCouponAnswerSchema,
  type AdminCoupon,
  type CouponCreateBody,
  type CouponUpdateBody,
} from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { couponsKey } from './get-coupons.ts';

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
