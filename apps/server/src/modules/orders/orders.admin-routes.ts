import {
  ADMIN_MESSAGES,
  AdminOrderAnswerSchema,
  AdminOrdersPageSchema,
  AdminOrdersQuerySchema,
  ErrorBodySchema,
  formatUsd,
  RefundOrderBodySchema,
  ShipOrderBodySchema,
  UuidParamSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { OrdersAdminService } from './orders-admin.service.ts';
import { pageAnswer } from '../../lib/admin-page.ts';

const tags = ['admin: orders'];
const E = ErrorBodySchema;
const STAFF = { minRole: 'staff' } as const;
const CHANGE_ERRORS = { 400: E, 401: E, 403: E, 404: E, 409: E } as const;

/** Orders in the back office (staff), under /api/admin/orders. */
export function ordersAdminRoutes({ ordersAdmin }: { ordersAdmin: OrdersAdminService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Orders: status, date range, customer, order number or email search; sorted and paged',
          querystring: AdminOrdersQuerySchema,
          response: { 200: AdminOrdersPageSchema, 400: E, 401: E, 403: E },
        },
      },
      async (request) => pageAnswer(request.query, await ordersAdmin.list(request.query)),
    );

    app.get(
      '/:id',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'One order: lines, totals, payment state, refunds and timeline',
          params: UuidParamSchema,
          response: { 200: AdminOrderAnswerSchema, 400: E, 401: E, 403: E, 404: E },
        },
      },
      async (request) => ({ success: true as const, order: await ordersAdmin.detail(request.params.id) }),
    );

    app.post(
      '/:id/ship',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Processing → Shipped with carrier and tracking number; mails the customer',
          params: UuidParamSchema,
          body: ShipOrderBodySchema,
          response: { 200: AdminOrderAnswerSchema, ...CHANGE_ERRORS },
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
        config: STAFF,
        schema: {
          tags,
          summary: 'Shipped → Delivered; mails the customer',
          params: UuidParamSchema,
          response: { 200: AdminOrderAnswerSchema, ...CHANGE_ERRORS },
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
        config: STAFF,
        schema: {
          tags,
          summary: 'Cancel a Processing or Shipped order: stock back, payment refunded, customer mailed',
          description:
            'Exactly once: a second cancel (or one racing a ship) is a 409. A refund the provider refuses is recorded as failed on the order.',
          params: UuidParamSchema,
          response: { 200: AdminOrderAnswerSchema, ...CHANGE_ERRORS },
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
        config: STAFF,
        schema: {
          tags,
          summary: 'A return: refund part or all of a delivered order, optionally restocking items',
          params: UuidParamSchema,
          body: RefundOrderBodySchema,
          response: { 200: AdminOrderAnswerSchema, 402: E, ...CHANGE_ERRORS },
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
  };
}
