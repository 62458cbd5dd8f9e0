import {
  AFTER_PURCHASE_MESSAGES,
  CancelOrderAnswerSchema,
  ErrorBodySchema,
  GUEST_CHECKOUT_MESSAGES as G,
  OrderAccessQuerySchema,
  OrderAnswerSchema,
  OrderLookupAnswerSchema,
  OrderLookupBodySchema,
  OrdersPageAnswerSchema,
  OrdersQuerySchema,
} from '@shopper/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { type AuthHook, accessTokenOf, authOf } from '../../plugins/auth.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { CartOwners } from '../cart/index.ts';
import type { GuestOrders } from './guest-orders.ts';
import type { OrderCancellation } from './order-cancellation.ts';
import type { OrdersService } from './orders.service.ts';

const tags = ['orders'];
const E = ErrorBodySchema;

/**
 * docs/product.md#payment-api: the signed-in customer's orders; another customer's order answers
 * 404. Reading one order also serves guests (docs/product.md#guest-checkout): the guest whose cart
 * cookie paid for it, or anyone holding the order's signed key, which the lookup trades for an
 * email and an order number.
 */
export function ordersRoutes({
  orders,
  cancellation,
  requireAuth,
  owners,
  guestOrders,
  rateLimiter,
}: {
  orders: OrdersService;
  cancellation: OrderCancellation;
  requireAuth: AuthHook;
  owners: Pick<CartOwners, 'guestOf'>;
  guestOrders: GuestOrders;
  rateLimiter: RateLimiter;
}): FastifyPluginAsyncZod {
  const readers = new WeakMap<FastifyRequest, string>();
  /**
   * Whose orders a read may show: the signed-in customer's, else those of the guest whose cookie
   * came along (even after the owner turned guest checkout off: the guest paid), else nobody's, a
   * 401 as before. A read holding a key skips this: the key decides.
   */
  const identifyReader: AuthHook = async (request) => {
    if ((request.query as { key?: unknown } | undefined)?.key !== undefined) return;
    const guestId = accessTokenOf(request) === undefined ? await owners.guestOf(request) : undefined;
    if (guestId === undefined) await requireAuth(request);
    readers.set(request, guestId ?? authOf(request).userId);
  };
  const readerOf = (request: FastifyRequest): string => readers.get(request) ?? authOf(request).userId;

  return async (app) => {
    await app.register(accountOrderRoutes({ orders, cancellation, requireAuth }));

    app.get(
      '/order/:id',
      {
        onRequest: identifyReader,
        schema: {
          tags,
          summary: 'One of the customer’s (or the guest’s) orders, or any guest order with its signed key',
          params: z.object({ id: z.string().max(200) }),
          querystring: OrderAccessQuerySchema,
          response: { 200: OrderAnswerSchema, 401: E, 404: E },
        },
      },
      async (request) => {
        const { key } = request.query;
        if (key === undefined) {
          return { success: true as const, order: await orders.getForUser(readerOf(request), request.params.id) };
        }
        if (!guestOrders.isAccessKey(request.params.id, key)) throw new AppError('NOT_FOUND', G.accessKeyInvalid);
        return { success: true as const, order: await orders.getById(request.params.id) };
      },
    );

    app.get(
      '/order-by-payment/:paymentIntentId',
      {
        onRequest: identifyReader,
        schema: {
          tags,
          summary:
            'The customer’s (or the guest’s) order made by a payment intent (the confirmation page’s pi_… fallback)',
          params: z.object({ paymentIntentId: z.string().max(200) }),
          response: { 200: OrderAnswerSchema, 401: E, 404: E },
        },
      },
      async (request) => ({
        success: true as const,
        order: await orders.getByPaymentForUser(readerOf(request), request.params.paymentIntentId),
      }),
    );

    app.post(
      '/order-lookup',
      {
        preHandler: rateLimiter.guard('orderLookups', (request) => (request.body as { email: string }).email),
        schema: {
          tags,
          summary: 'A guest’s order by the email given at checkout and its order number, with the key to its page',
          description:
            'Only orders placed through guest checkout are found; anything else, an unknown number included, answers the same 404. Limited per address and per email.',
          body: OrderLookupBodySchema,
          response: { 200: OrderLookupAnswerSchema, 400: E, 404: E, 429: E },
        },
      },
      async (request) => {
        const orderId = await guestOrders.lookup(request.body.email, request.body.orderNumber);
        if (orderId === undefined) throw new AppError('NOT_FOUND', G.lookupNotFound);
        return {
          success: true as const,
          order: await orders.getById(orderId),
          accessKey: guestOrders.accessKeyFor(orderId),
        };
      },
    );
  };
}

/** The signed-in customer's order history and cancellation: an account's alone. */
function accountOrderRoutes({
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
  };
}
