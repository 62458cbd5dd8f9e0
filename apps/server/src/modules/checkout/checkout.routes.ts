import {
  CartSummaryAnswerSchema,
  CHECKOUT_MESSAGES,
  CartSummaryQuerySchema,
  ConfirmOrderBodySchema,
  CreatePaymentIntentAnswerSchema,
  CreatePaymentIntentBodySchema,
  ErrorBodySchema,
  GUEST_CHECKOUT_MESSAGES as G,
  OrderAnswerSchema,
  PaymentConfigAnswerSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { type AuthHook, requireVerifiedEmail } from '../../plugins/auth.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { type RateLimiter, tooManyRequests } from '../../plugins/rate-limit.ts';
import type { CartOwners } from '../cart/index.ts';
import type { GuestAccounts } from '../users/index.ts';
import type { CheckoutService } from './checkout.service.ts';

const tags = ['checkout'];
const E = ErrorBodySchema;

/**
 * docs/product.md#payment-api: summary, payment intent, order confirmation. The buyer is the
 * signed-in customer, whose address must be verified, or, with guest checkout on, the guest the
 * cart cookie names (docs/product.md#guest-checkout), who gives an address at checkout instead.
 */
export function checkoutRoutes({
  checkout,
  provider,
  owners,
  guests,
  settings,
  rateLimiter,
}: {
  checkout: CheckoutService;
  provider: PaymentProvider;
  owners: CartOwners;
  guests: Pick<GuestAccounts, 'setContact'>;
  settings: { guestCheckout: () => Promise<boolean> };
  rateLimiter: RateLimiter;
}): FastifyPluginAsyncZod {
  const identifyBuyer: AuthHook = async (request) => {
    await owners.identify(request);
    if (request.auth) await requireVerifiedEmail(request);
  };
  /** The buyer's account; a guest who never filled a cart has nothing to price or pay. */
  const buyerOf = (request: FastifyRequest): string => {
    const buyer = owners.reader(request);
    if (buyer === undefined) throw new AppError('VALIDATION_FAILED', CHECKOUT_MESSAGES.cartEmpty);
    return buyer;
  };
  const intents = rateLimiter.counters.paymentIntentsPerUser;
  // Decision 014: each attempt may cost the card provider an API call.
  const limitIntents: AuthHook = async (request) => {
    const { count, msBeforeReset } = await intents.hit(buyerOf(request));
    if (count > intents.rule.max) throw tooManyRequests(msBeforeReset);
  };
  return async (app) => {
    app.get(
      '/config',
      {
        schema: {
          tags,
          summary:
            'Which card provider the browser talks to (test mode or Stripe) and its publishable key, and whether the owner lets visitors check out as guests',
          response: { 200: PaymentConfigAnswerSchema },
        },
      },
      async () => ({
        success: true as const,
        provider: provider.publicInfo.kind,
        ...(provider.publicInfo.publishableKey ? { publishableKey: provider.publicInfo.publishableKey } : {}),
        guestCheckout: await settings.guestCheckout(),
      }),
    );

    app.get(
      '/cart-summary',
      {
        onRequest: identifyBuyer,
        schema: {
          tags,
          summary:
            'Amounts of the signed-in customer’s (or guest’s) cart at an address (country, state; default US) by a method (default the cheapest offered there), in dollars: subtotal, discount, tax, shipping, total; with the methods offered there and the countries the shop ships to',
          querystring: CartSummaryQuerySchema,
          response: { 200: CartSummaryAnswerSchema, 400: E, 401: E },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await checkout.cartSummary(buyerOf(request), request.query)),
      }),
    );

    app.post(
      '/create-payment-intent',
      {
        // Authentication and verification run before the body is read: strangers get 401/403, not a 400.
        // Every attempt of a customer counts, even a malformed one.
        onRequest: [identifyBuyer, limitIntents],
        schema: {
          tags,
          summary:
            'Open a payment for the server-priced cart (manual capture), priced from the cart, the coupon, the shipping method (`standard` or another id the shop offers at the address) and the address’s tax; amounts sent by the browser are ignored. A place the shop does not ship to, or a method not offered there, is a 400. `saveCard: true` asks the provider to keep the card for next time (accounts only). A guest must give `email`, where the order mail goes. The customer’s open payment is reused while the cart and `saveCard` are unchanged and replaced when they changed; too many attempts or open payments answer 429',
          body: CreatePaymentIntentBodySchema,
          response: { 200: CreatePaymentIntentAnswerSchema, 400: E, 401: E, 403: E, 409: E, 429: E },
        },
      },
      async (request) => {
        const buyer = buyerOf(request);
        const { shippingInfo, saveCard, email } = request.body;
        if (!request.auth) {
          if (email === undefined) {
            throw new AppError('VALIDATION_FAILED', G.emailRequired, [{ param: 'email', msg: G.emailRequired }]);
          }
          if (saveCard) throw new AppError('VALIDATION_FAILED', G.saveCardNeedsAccount);
          await guests.setContact(buyer, { email, name: shippingInfo.name });
        }
        return {
          success: true as const,
          ...(await checkout.createPaymentIntent(buyer, shippingInfo, { keepCard: saveCard })),
        };
      },
    );

    app.post(
      '/confirm-order',
      {
        onRequest: identifyBuyer,
        schema: {
          tags,
          summary:
            'After the card was confirmed with the provider: write the order (idempotent) and capture. A paymentMethodId must be the card this payment was made with and the customer’s own, else 404',
          body: ConfirmOrderBodySchema,
          response: { 200: OrderAnswerSchema, 400: E, 401: E, 402: E, 403: E, 404: E, 409: E },
        },
      },
      async (request) => ({
        success: true as const,
        order: await checkout.completePayment(request.body.paymentIntentId, {
          userId: buyerOf(request),
          paymentMethodId: request.body.paymentMethodId,
        }),
      }),
    );
  };
}

/**
 * POST /api/payment/webhook in a scope of its own: its body is kept as raw bytes, since the
 * signature is computed over exactly those bytes.
 */
export function paymentWebhookRoutes({ checkout }: { checkout: CheckoutService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    app.post(
      '/webhook',
      {
        schema: {
          tags,
          summary: 'Signed events from the card provider',
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: E },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { duplicate } = await checkout.handleWebhook(body, request.headers['stripe-signature']);
        return { received: true as const, duplicate };
      },
    );
  };
}
