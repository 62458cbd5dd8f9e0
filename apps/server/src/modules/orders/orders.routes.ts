import {
  AFTER_PURCHASE_MESSAGES,
  CancelOrderAnswerSchema,
  ErrorBodySchema,
  OrderAnswerSchema,
  OrdersPageAnswerSchema,
  OrdersQuerySchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthHook, authOf } from '../../plugins/auth.ts';
import type { OrderCancellation } from './order-cancellation.ts';
import type { OrdersService } from './orders.service.ts';

const tags = ['orders'];
const E = ErrorBodySchema;

/** docs/product.md#payment-api: the signed-in customer's orders; another customer's order answers 404. */
export function ordersRoutes({
  orders,
  cancellation,
  requireAuth,
}: {
  orders: OrdersService;
  cancellation: OrderCancellation;
  requireAuth: AuthHook;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      '/my-orders',
      {
        schema: {
          tags,
          summary: 'Order history: status filter, date range, sort and pages',
          querystring: OrdersQuerySchema,
          response: { 200: OrdersPageAnswerSchema, 400: E, 401: E },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await orders.listForUser(authOf(request).userId, request.query)),
      }),
    );

    app.get(
      '/order/:id',
      {
        schema: {
          tags,
          summary: 'One of the customer’s orders',
          params: z.object({ id: z.string().max(200) }),
          response: { 200: OrderAnswerSchema, 401: E, 404: E },
        },
      },
      async (request) => ({
        success: true as const,
        order: await orders.getForUser(authOf(request).userId, request.params.id),
      }),
    );

    app.post(
      '/order/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel one of the customer’s orders before it ships: stock back, payment refunded, mail',
          description:
            'Only while the order is Processing; Shipped, Delivered or Cancelled is a 409. The same code as staff cancellation: exactly once, and a ship racing it wins or loses whole. A refund the provider refuses is recorded and retried from the back office; the order is cancelled either way.',
          params: z.object({ id: z.string().max(200) }),
          response: { 200: CancelOrderAnswerSchema, 401: E, 404: E, 409: E },
        },
      },
      async (request) => {
        const userId = authOf(request).userId;
        const { order, isRefunded } = await cancellation.cancel({ by: 'customer', id: userId }, request.params.id);
        const message = isRefunded
          ? AFTER_PURCHASE_MESSAGES.cancelledByYou(order.orderNumber)
          : AFTER_PURCHASE_MESSAGES.cancelledRefundLate(order.orderNumber);
        return { success: true as const, message, order: await orders.getForUser(userId, order.id) };
      },
    );

    app.get(
      '/order-by-payment/:paymentIntentId',
      {
        schema: {
          tags,
          summary: 'The customer’s order made by a payment intent (the confirmation page’s pi_… fallback)',
          params: z.object({ paymentIntentId: z.string().max(200) }),
          response: { 200: OrderAnswerSchema, 401: E, 404: E },
        },
      },
      async (request) => ({
        success: true as const,
        order: await orders.getByPaymentForUser(authOf(request).userId, request.params.paymentIntentId),
      }),
    );
  };
}
