import {
  AdminCouponAnswerSchema,
  AdminCouponListQuerySchema,
  AdminCouponListSchema,
  CouponCreateBodySchema,
  CouponUpdateBodySchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { CouponsAdminService } from './coupons.admin-service.ts';
import { adminErrors } from '../../lib/admin-responses.ts';

const tags = ['admin: coupons'];
const CodeParams = z.object({ code: z.string().max(100) });

/** Promo codes (docs/product.md#promo-codes): list with usage, create, edit, expire. Staff and owner. */
export function couponsAdminRoutes({ couponsAdmin }: { couponsAdmin: CouponsAdminService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Promo codes with their usage; search code or description, filter by state, sort and page',
          querystring: AdminCouponListQuerySchema,
          response: { 200: AdminCouponListSchema, ...adminErrors(400) },
        },
      },
      async (request) => ({ success: true as const, ...(await couponsAdmin.list(request.query)) }),
    );

    app.get(
      '/:code',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'One promo code (case-insensitive)',
          params: CodeParams,
          response: { 200: AdminCouponAnswerSchema, ...adminErrors(404) },
        },
      },
      async (request) => ({ success: true as const, coupon: await couponsAdmin.get(request.params.code) }),
    );

    app.post(
      '/',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Create a promo code: percent (1-100) or dollars off, minimum order, expiry, usage limit',
          body: CouponCreateBodySchema,
          response: { 201: AdminCouponAnswerSchema, ...adminErrors(400, 409) },
        },
      },
      async (request, reply) => {
        const coupon = await couponsAdmin.create(staffOf(request).id, request.body);
        return reply.code(201).send({ success: true as const, coupon });
      },
    );

    app.patch(
      '/:code',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Edit a promo code (not its code); the usage limit cannot go below the uses made',
          params: CodeParams,
          body: CouponUpdateBodySchema,
          response: { 200: AdminCouponAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        coupon: await couponsAdmin.update(staffOf(request).id, request.params.code, request.body),
      }),
    );

    app.post(
      '/:code/expire',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Expire a promo code now',
          params: CodeParams,
          response: { 200: AdminCouponAnswerSchema, ...adminErrors(404) },
        },
      },
      async (request) => ({
        success: true as const,
        coupon: await couponsAdmin.expire(staffOf(request).id, request.params.code),
      }),
    );
  };
}
