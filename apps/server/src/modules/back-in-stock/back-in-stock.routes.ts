import {
  BACK_IN_STOCK_MESSAGES as B,
  BackInStockAnswerSchema,
  BackInStockBodySchema,
  BackInStockConfirmBodySchema,
  BackInStockUnsubscribeQuerySchema,
  ErrorBodySchema,
  MESSAGES,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { accessTokenOf, type AuthHook } from '../../plugins/auth.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { BackInStockService } from './back-in-stock.service.ts';

const tags = ['back in stock'];
const E = ErrorBodySchema;

/** docs/after-purchase.md#notify-me-when-its-back */
export function backInStockRoutes({
  backInStock,
  requireAuth,
  rateLimiter,
}: {
  backInStock: BackInStockService;
  requireAuth: AuthHook;
  rateLimiter: RateLimiter;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // RFC 8058: a mail client's one-click unsubscribe POSTs "List-Unsubscribe=One-Click" as a form.
    // The token is in the URL, so the body is read (bounded) and ignored. Scoped to this plugin.
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );

    app.post(
      '/',
      {
        // A token sent must be good (401 lets the web client refresh it); without one it is a guest.
        onRequest: async (request) => {
          if (accessTokenOf(request)) await requireAuth(request);
        },
        // Every guest request mails the address given: the newsletter's brake on mail-bombing.
        preHandler: rateLimiter.guard('backInStock', (request) => {
          const body = request.body as { email?: string };
          return request.auth ? `user:${request.auth.userId}` : (body.email ?? '');
        }),
        schema: {
          tags,
          summary: "Notify me when it's back: a sold-out size of a product in one colour",
          description:
            'A signed-in shopper is on the list at once, with the account’s address. A guest gives `email` and is mailed a confirmation link (double opt-in); the answer is the same for every address. A size in stock is a 409.',
          body: BackInStockBodySchema,
          response: { 200: BackInStockAnswerSchema, 400: E, 401: E, 404: E, 409: E, 429: E },
        },
      },
      async (request) => {
        const { email, ...variant } = request.body;
        const auth = request.auth;
        if (auth) {
          await backInStock.ask({ kind: 'account', userId: auth.userId, email: auth.user.email }, variant);
          return { success: true as const, message: B.onTheList(auth.user.email) };
        }
        if (!email) {
          throw new AppError('VALIDATION_FAILED', MESSAGES.emailRequired, [
            { param: 'email', msg: MESSAGES.emailRequired },
          ]);
        }
        await backInStock.ask({ kind: 'guest', email }, variant);
        return { success: true as const, message: B.checkInbox };
      },
    );

    app.post(
      '/confirm',
      {
        schema: {
          tags,
          summary: "Confirm a guest's request with the token of the confirmation link (valid 48 hours)",
          body: BackInStockConfirmBodySchema,
          response: { 200: BackInStockAnswerSchema, 400: E },
        },
      },
      async (request) => {
        await backInStock.confirm(request.body.token);
        return { success: true as const, message: B.confirmed };
      },
    );

    app.post(
      '/unsubscribe',
      {
        schema: {
          tags,
          summary:
            "Stop every back-in-stock mail to the address of a mail's link; also the List-Unsubscribe one-click endpoint (RFC 8058)",
          querystring: BackInStockUnsubscribeQuerySchema,
          response: { 200: BackInStockAnswerSchema, 400: E },
        },
      },
      async (request) => {
        await backInStock.unsubscribe(request.query.token);
        return { success: true as const, message: B.unsubscribed };
      },
    );
  };
}
