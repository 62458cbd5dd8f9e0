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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthHook, authOf } from '../../plugins/auth.ts';
import type { CartOwners } from './cart-owner.ts';
import type { CartService, CartView } from './cart.service.ts';

const tags = ['cart'];
const E = ErrorBodySchema;
/** Every cart answer: the signed-in user's cart, or a guest's (decision 072), priced from the database. */
const answers = { 200: CartAnswerSchema, 400: E, 401: E, 413: E };
const changeAnswers = { ...answers, 404: E, 409: E };

/**
 * docs/product.md#cart-api. Every route acts on one cart only: the signed-in user's, or, when the
 * owner turned guest checkout on, the guest's named by its cookie (docs/architecture.md#trust-boundaries).
 */
export function cartRoutes({
  cart,
  owners,
  requireAuth,
}: {
  cart: CartService;
  owners: CartOwners;
  requireAuth: AuthHook;
}): FastifyPluginAsyncZod {
  /** A read or an emptying: a guest who has no cart yet has an empty one, and none is made. */
  const onCartIfAny = async (request: FastifyRequest, act: (owner: string) => Promise<CartView>) => {
    const owner = owners.reader(request);
    return { success: true as const, ...(owner === undefined ? cart.emptyCart() : await act(owner)) };
  };

  return async (app) => {
    // The owner is known before the body is read: a stranger gets 401, never a validation answer.
    app.addHook('onRequest', async (request) => {
      // The merge needs an account to merge into; every other route may be a guest's.
      if (request.routeOptions.url?.endsWith('/sync')) await requireAuth(request);
      else await owners.identify(request);
    });

    app.get(
      '/',
      { schema: { tags, summary: 'The cart of the signed-in user or guest', response: answers } },
      async (request) => onCartIfAny(request, (owner) => cart.getCart(owner)),
    );

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
      async (request, reply) => ({
        success: true as const,
        ...(await cart.add(await owners.writer(request, reply), request.body)),
      }),
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
      async (request, reply) => ({
        success: true as const,
        ...(await cart.update(await owners.writer(request, reply), request.body)),
      }),
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
      async (request, reply) => ({
        success: true as const,
        ...(await cart.remove(await owners.writer(request, reply), request.body)),
      }),
    );

    app.delete(
      '/clear',
      { schema: { tags, summary: 'Empty the cart and take off its promo code', response: answers } },
      async (request) => onCartIfAny(request, (owner) => cart.clearCart(owner)),
    );

    app.post(
      '/sync',
      {
        schema: {
          tags,
          summary: 'Merge a guest cart into the signed-in user’s cart',
          description:
            'The lines of the body, and the cart the guest cart cookie names (decision 072), join the account’s cart; ' +
            'the guest cart is emptied and its cookie cleared.',
          body: CartSyncBodySchema,
          response: { ...answers, 200: CartSyncAnswerSchema },
        },
      },
      async (request, reply) => {
        const userId = authOf(request).userId;
        const merged = await cart.sync(userId, request.body, await owners.guestOf(request));
        owners.forgetGuest(request, reply);
        return { success: true as const, ...merged };
      },
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
      async (request, reply) => ({
        success: true as const,
        ...(await cart.applyCoupon(await owners.writer(request, reply), request.body.code)),
      }),
    );

    app.delete(
      '/coupon',
      { schema: { tags, summary: 'Take the promo code off the cart', response: answers } },
      async (request) => onCartIfAny(request, (owner) => cart.removeCoupon(owner)),
    );
  };
}
