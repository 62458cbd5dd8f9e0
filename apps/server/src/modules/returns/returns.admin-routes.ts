import {
  AdminReturnAnswerSchema,
  AdminReturnsPageSchema,
  AdminReturnsQuerySchema,
  AFTER_PURCHASE_MESSAGES as A,
  formatUsd,
  ReturnDecisionBodySchema,
  ReturnRefundBodySchema,
  ReturnRefuseBodySchema,
  UuidParamSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageAnswer } from '../../lib/admin-page.ts';
import { adminErrors } from '../../lib/admin-responses.ts';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { ReturnsAdminService } from './returns.admin-service.ts';

const tags = ['admin: returns'];

/** Returns in the back office (staff), under /api/admin/returns. */
export function returnsAdminRoutes({ returnsAdmin }: { returnsAdmin: ReturnsAdminService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Returns, newest first, by status: the ones to act on',
          querystring: AdminReturnsQuerySchema,
          response: { 200: AdminReturnsPageSchema, ...adminErrors(400) },
        },
      },
      async (request) => pageAnswer(request.query, await returnsAdmin.list(request.query)),
    );

    app.get(
      '/:id',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'One return with its lines, order, customer and suggested refund',
          params: UuidParamSchema,
          response: { 200: AdminReturnAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({ success: true as const, return: await returnsAdmin.detail(request.params.id) }),
    );

    app.post(
      '/:id/approve',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Requested → approved, with an optional note; mails the customer where to send the items',
          params: UuidParamSchema,
          body: ReturnDecisionBodySchema,
          response: { 200: AdminReturnAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const answer = await returnsAdmin.approve(staffOf(request).id, request.params.id, request.body.message);
        return { success: true as const, message: A.returnApproved(answer.returnNumber), return: answer };
      },
    );

    app.post(
      '/:id/refuse',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Requested → refused, with the reason the customer is mailed',
          params: UuidParamSchema,
          body: ReturnRefuseBodySchema,
          response: { 200: AdminReturnAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const answer = await returnsAdmin.refuse(staffOf(request).id, request.params.id, request.body.message);
        return { success: true as const, message: A.returnRefused(answer.returnNumber), return: answer };
      },
    );

    app.post(
      '/:id/receive',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Approved → received: the parcel arrived; mails the customer',
          params: UuidParamSchema,
          response: { 200: AdminReturnAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const answer = await returnsAdmin.receive(staffOf(request).id, request.params.id);
        return { success: true as const, message: A.returnReceived(answer.returnNumber), return: answer };
      },
    );

    app.post(
      '/:id/refund',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Received → refunded: money back through the order’s refund code, the items restocked or not',
          description:
            'The amount defaults to the lines’ share of what was paid. The order’s refund bounds apply: never more than is left, never restocking more than was bought (409 or 400, and the return stays received). A refund the provider refuses is recorded on the order and retried there.',
          params: UuidParamSchema,
          body: ReturnRefundBodySchema,
          response: { 200: AdminReturnAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const done = await returnsAdmin.refund(staffOf(request).id, request.params.id, request.body);
        const message = done.isRefunded
          ? A.returnRefunded(done.return.returnNumber, formatUsd(done.amount))
          : A.returnRefundRefused(done.return.returnNumber);
        return { success: true as const, message, return: done.return };
      },
    );
  };
}
