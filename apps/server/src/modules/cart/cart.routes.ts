import {
  AddToCartBodySchema,
  ApplyCouponBodySchema,
  CartAnswerSchema,
  CartSyncAnswerSchema,
  CartSyncBodySchema,
  ErrorBodySchema,
  RemoveFromCartBodySchema,
  UpdateCartItemBodySchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthHook, authOf } from '../../plugins/auth.ts';
import type { CartService } from './cart.service.ts';

const tags = ['cart'];
const E = ErrorBodySchema;
/** Every cart answer: the signed-in user's cart, priced from the database. */
const answers = { 200: CartAnswerSchema, 400: E, 401: E, 413: E };
const changeAnswers = { ...answers, 404: E, 409: E };

/** docs/product.md#cart-api. Every route acts on the signed-in user's own cart only (docs/architecture.md#trust-boundaries). */
export function cartRoutes({ cart, requireAuth }: { cart: CartService; requireAuth: AuthHook }): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication runs before the body is read: a stranger gets 401, never a validation answer.
    app.addHook('onRequest', requireAuth);

    app.get('/', { schema: { tags, summary: 'The signed-in user’s cart', response: answers } }, async (request) => ({
      success: true as const,
      ...(await cart.getCart(authOf(request).userId)),
    }));

    app.post(
      '/add',
      {
        schema: {
          tags,
          summary: 'Add a quantity of one product in one size',
          body: AddToCartBodySchema,
          response: changeAnswers,
        },
      },
      async (request) => ({ success: true as const, ...(await cart.add(authOf(request).userId, request.body)) }),
    );

    app.post(
      '/update',
      {
        schema: {
          tags,
          summary: 'Set the quantity of a cart line',
          body: UpdateCartItemBodySchema,
          response: changeAnswers,
        },
      },
      async (request) => ({ success: true as const, ...(await cart.update(authOf(request).userId, request.body)) }),
    );

    app.post(
      '/remove',
      {
        schema: {
          tags,
          summary: 'Take a quantity off a cart line, or remove the line',
          body: RemoveFromCartBodySchema,
          response: changeAnswers,
        },
      },
      async (request) => ({ success: true as const, ...(await cart.remove(authOf(request).userId, request.body)) }),
    );

    app.delete(
      '/clear',
      { schema: { tags, summary: 'Empty the cart and take off its promo code', response: answers } },
      async (request) => ({ success: true as const, ...(await cart.clearCart(authOf(request).userId)) }),
    );

    app.post(
      '/sync',
      {
        schema: {
          tags,
          summary: 'Merge a guest cart into the signed-in user’s cart',
          body: CartSyncBodySchema,
          response: { ...answers, 200: CartSyncAnswerSchema },
        },
      },
      async (request) => ({ success: true as const, ...(await cart.sync(authOf(request).userId, request.body)) }),
    );

    app.post(
      '/coupon',
      {
        schema: {
          tags,
          summary: 'Apply a promo code (case-insensitive)',
          body: ApplyCouponBodySchema,
          response: answers,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await cart.applyCoupon(authOf(request).userId, request.body.code)),
      }),
    );

    app.delete(
      '/coupon',
      { schema: { tags, summary: 'Take the promo code off the cart', response: answers } },
      async (request) => ({ success: true as const, ...(await cart.removeCoupon(authOf(request).userId)) }),
    );
  };
}
