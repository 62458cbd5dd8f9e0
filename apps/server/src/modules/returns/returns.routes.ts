import {
  ErrorBodySchema,
  OrderReturnsAnswerSchema,
  ReturnAnswerSchema,
  ReturnRequestBodySchema,
  AFTER_PURCHASE_MESSAGES as A,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthHook, authOf } from '../../plugins/auth.ts';
import type { ReturnsService } from './returns.service.ts';

const tags = ['returns'];
const E = ErrorBodySchema;
const params = z.object({ id: z.string().max(200) });

/** docs/after-purchase.md#returns: a customer's returns of one of their orders; someone else's order answers 404. */
export function returnsRoutes({
  returns,
  requireAuth,
}: {
  returns: ReturnsService;
  requireAuth: AuthHook;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      '/order/:id/returns',
      {
        schema: {
          tags,
          summary: 'The order’s returns, the return window and how many of each line can still be returned',
          params,
          response: { 200: OrderReturnsAnswerSchema, 401: E, 404: E },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await returns.forOrder(authOf(request).userId, request.params.id)),
      }),
    );

    app.post(
      '/order/:id/returns',
      {
        schema: {
          tags,
          summary: 'Ask to return items of a delivered order, within the shop’s return window; mails the return number',
          description:
            'Each line may be returned up to the quantity bought, over every return of the order not refused (a line named twice counts twice); more is a 400 naming the line. Before delivery, or after the window, a 409.',
          params,
          body: ReturnRequestBodySchema,
          response: { 200: ReturnAnswerSchema, 400: E, 401: E, 404: E, 409: E },
        },
      },
      async (request) => {
        const created = await returns.request(authOf(request).userId, request.params.id, request.body);
        return { success: true as const, message: A.returnRequested(created.returnNumber), return: created };
      },
    );
  };
}
