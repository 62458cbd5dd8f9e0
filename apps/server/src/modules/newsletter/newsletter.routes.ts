import {
  ErrorBodySchema,
  NEWSLETTER_MESSAGES,
  NewsletterAnswerSchema,
  NewsletterConfirmBodySchema,
  NewsletterSubscribeBodySchema,
  NewsletterUnsubscribeQuerySchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { NewsletterService } from './newsletter.service.ts';

const tags = ['newsletter'];
const E = ErrorBodySchema;

export function newsletterRoutes({
  newsletter,
  rateLimiter,
}: {
  newsletter: NewsletterService;
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
      '/subscribe',
      {
        preHandler: rateLimiter.guard('newsletterSubscribe', (request) => (request.body as { email: string }).email),
        schema: {
          tags,
          summary:
            'Ask for the newsletter: mails a confirmation link (double opt-in). The answer is the same for every address',
          body: NewsletterSubscribeBodySchema,
          response: { 200: NewsletterAnswerSchema, 400: E, 429: E },
        },
      },
      async (request) => {
        await newsletter.subscribe(request.body.email);
        return { success: true as const, message: NEWSLETTER_MESSAGES.checkInbox };
      },
    );

    app.post(
      '/confirm',
      {
        schema: {
          tags,
          summary: 'Confirm a subscription with the token of the confirmation link (valid 48 hours)',
          body: NewsletterConfirmBodySchema,
          response: { 200: NewsletterAnswerSchema, 400: E },
        },
      },
      async (request) => {
        await newsletter.confirm(request.body.token);
        return { success: true as const, message: NEWSLETTER_MESSAGES.confirmed };
      },
    );

    app.post(
      '/unsubscribe',
      {
        schema: {
          tags,
          summary:
            "Unsubscribe with the token of a newsletter mail's link; also the List-Unsubscribe one-click endpoint (RFC 8058)",
          querystring: NewsletterUnsubscribeQuerySchema,
          response: { 200: NewsletterAnswerSchema, 400: E },
        },
      },
      async (request) => {
        await newsletter.unsubscribe(request.query.token);
        return { success: true as const, message: NEWSLETTER_MESSAGES.unsubscribed };
      },
    );
  };
}
