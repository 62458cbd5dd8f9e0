import {
  ErrorBodySchema,
  SavedPaymentMethodAnswerSchema,
  SavedPaymentMethodsAnswerSchema,
  SavePaymentMethodBodySchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthHook, authOf } from '../../plugins/auth.ts';
import type { SavedCardsService } from './saved-cards.service.ts';

const tags = ['payment methods'];
const E = ErrorBodySchema;

/** docs/product.md#saved-cards-api: /api/payments/payment-methods, the customer's own only. */
export function savedCardsRoutes({
  savedCards,
  requireAuth,
}: {
  savedCards: SavedCardsService;
  requireAuth: AuthHook;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      '/payment-methods',
      { schema: { tags, summary: 'Saved cards', response: { 200: SavedPaymentMethodsAnswerSchema, 401: E } } },
      async (request) => ({ success: true as const, paymentMethods: await savedCards.list(authOf(request).userId) }),
    );

    app.post(
      '/payment-methods',
      {
        schema: {
          tags,
          summary:
            'Keep a card: one of the customer’s own at the provider, or a new one, which is attached to them; another customer’s card is a 404',
          body: SavePaymentMethodBodySchema,
          response: { 200: SavedPaymentMethodAnswerSchema, 400: E, 401: E, 404: E },
        },
      },
      async (request) => ({
        success: true as const,
        paymentMethod: await savedCards.save(authOf(request).userId, request.body.paymentMethodId),
      }),
    );

    app.delete(
      '/payment-methods/:id',
      {
        schema: {
          tags,
          summary: 'Forget a saved card',
          params: z.object({ id: z.string().max(200) }),
          response: { 200: z.object({ success: z.literal(true) }), 401: E, 404: E },
        },
      },
      async (request) => {
        await savedCards.remove(authOf(request).userId, request.params.id);
        return { success: true as const };
      },
    );
  };
}
