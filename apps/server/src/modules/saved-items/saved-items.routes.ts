import {
  AFTER_PURCHASE_MESSAGES as A,
  ErrorBodySchema,
  SavedItemsAnswerSchema,
  SaveItemBodySchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthHook, authOf } from '../../plugins/auth.ts';
import type { SavedItemsService } from './saved-items.service.ts';

const tags = ['saved items'];
const E = ErrorBodySchema;
const params = z.object({ id: z.string().max(200) });

/** docs/after-purchase.md#saved-items: the signed-in customer's saved items; someone else's answers 404. */
export function savedItemsRoutes({
  savedItems,
  requireAuth,
}: {
  savedItems: SavedItemsService;
  requireAuth: AuthHook;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'Saved items with today’s price and stock, oldest first',
          response: { 200: SavedItemsAnswerSchema, 401: E },
        },
      },
      async (request) => ({ success: true as const, items: await savedItems.list(authOf(request).userId) }),
    );

    app.post(
      '/',
      {
        schema: {
          tags,
          summary: 'Save a product in a colour, and a size when chosen; saving again changes nothing',
          body: SaveItemBodySchema,
          response: { 200: SavedItemsAnswerSchema, 400: E, 401: E, 404: E },
        },
      },
      async (request) => ({
        success: true as const,
        message: A.savedAdded,
        items: await savedItems.save(authOf(request).userId, request.body),
      }),
    );

    app.delete(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Remove a saved item',
          params,
          response: { 200: SavedItemsAnswerSchema, 401: E, 404: E },
        },
      },
      async (request) => ({
        success: true as const,
        message: A.savedRemoved,
        items: await savedItems.remove(authOf(request).userId, request.params.id),
      }),
    );

    app.post(
      '/:id/move-to-cart',
      {
        schema: {
          tags,
          summary: 'Put one of a saved item in the cart (its size must be chosen), then remove it from the list',
          description: 'The cart’s own checks apply: a size sold out is a 409 and the item stays saved.',
          params,
          response: { 200: SavedItemsAnswerSchema, 401: E, 404: E, 409: E },
        },
      },
      async (request) => ({
        success: true as const,
        message: A.movedToCart,
        items: await savedItems.moveToCart(authOf(request).userId, request.params.id),
      }),
    );
  };
}
