import {
  ADMIN_MESSAGES,
  AdminOrderAnswerSchema,
  AdminOrdersPageSchema,
  AdminOrdersQuerySchema,
  formatUsd,
  RefundOrderBodySchema,
  RefundRetryParamsSchema,
  ShipOrderBodySchema,
  UuidParamSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { OrdersAdminService } from './orders.admin-service.ts';
import { pageAnswer } from '../../lib/admin-page.ts';
import { adminErrors } from '../../lib/admin-responses.ts';

const tags = ['admin: orders'];

/** Orders in the back office (staff), under /api/admin/orders. */
export function ordersAdminRoutes({ ordersAdmin }: { ordersAdmin: OrdersAdminService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Orders: status, date range, customer, order number or email search; sorted and paged',
          querystring: AdminOrdersQuerySchema,
          response: { 200: AdminOrdersPageSchema, ...adminErrors(400) },
        },
      },
      async (request) => pageAnswer(request.query, await ordersAdmin.list(request.query)),
    );

    app.get(
      '/:id',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'One order: lines, totals, payment state, refunds and timeline',
          params: UuidParamSchema,
          response: { 200: AdminOrderAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({ success: true as const, order: await ordersAdmin.detail(request.params.id) }),
    );

    app.post(
      '/:id/ship',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Processing → Shipped with carrier and tracking number; mails the customer',
          params: UuidParamSchema,
          body: ShipOrderBodySchema,
          response: { 200: AdminOrderAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const order = await ordersAdmin.ship(staffOf(request).id, request.params.id, request.body);
        return { success: true as const, message: ADMIN_MESSAGES.orderShipped(order.orderNumber), order };
      },
    );

    app.post(
      '/:id/deliver',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Shipped → Delivered; mails the customer',
          params: UuidParamSchema,
          response: { 200: AdminOrderAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const order = await ordersAdmin.deliver(staffOf(request).id, request.params.id);
        return { success: true as const, message: ADMIN_MESSAGES.orderDelivered(order.orderNumber), order };
      },
    );

    app.post(
      '/:id/cancel',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Cancel a Processing or Shipped order: stock back, payment refunded, customer mailed',
          description:
            'Exactly once: a second cancel (or one racing a ship) is a 409. A refund the provider refuses is recorded as failed on the order.',
          params: UuidParamSchema,
          response: { 200: AdminOrderAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const { order, isRefunded } = await ordersAdmin.cancel(staffOf(request).id, request.params.id);
        const message = isRefunded
          ? ADMIN_MESSAGES.orderCancelled(order.orderNumber)
          : ADMIN_MESSAGES.orderCancelledRefundFailed(order.orderNumber);
        return { success: true as const, message, order };
      },
    );

    app.post(
      '/:id/refunds',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'A return: refund part or all of a delivered order, optionally restocking items',
          description:
            "Each line's restocks, over every return of the order and repeated lines of one request together, add up to at most the quantity delivered; more is a 400 and nothing is written. Two returns at once are checked one after the other.",
          params: UuidParamSchema,
          body: RefundOrderBodySchema,
          response: { 200: AdminOrderAnswerSchema, ...adminErrors(400, 402, 404, 409) },
        },
      },
      async (request) => {
        const { order, isRefunded } = await ordersAdmin.refund(staffOf(request).id, request.params.id, request.body);
        const message = isRefunded
          ? ADMIN_MESSAGES.orderRefunded(order.orderNumber, formatUsd(request.body.amount))
          : ADMIN_MESSAGES.refundRefused;
        return { success: true as const, message, order };
      },
    );

    app.post(
      '/:id/refunds/:refundId/retry',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Retry a refund the card provider refused or could not be asked about',
          description:
            'Once per failed refund: a second retry racing it is a 409. If the provider did make the refund on an earlier attempt, that refund is recorded instead of asking again. Another refusal is recorded with its reason (200, message says so).',
          params: RefundRetryParamsSchema,
          response: { 200: AdminOrderAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const { id, refundId } = request.params;
        const { order, isRefunded } = await ordersAdmin.retryRefund(staffOf(request).id, id, refundId);
        const refund = order.refunds.find((r) => r.id === refundId);
        const message = isRefunded
          ? ADMIN_MESSAGES.refundRetried(order.orderNumber, formatUsd(refund?.amount ?? 0))
          : ADMIN_MESSAGES.refundRetryFailed;
        return { success: true as const, message, order };
      },
    );
  };
}
