import {
  ErrorBodySchema,
  TestAuthenticateBodySchema,
  TestConfirmBodySchema,
  TestIntentAnswerSchema,
  TestWalletAnswerSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TestProvider } from './test-provider.ts';

const tags = ['test-provider'];
const E = ErrorBodySchema;
const Params = z.object({ id: z.string().min(1).max(200) });

/**
 * The test-mode provider's own API, standing where Stripe's would: the browser confirms the card
 * here with the intent's client secret. No shop session is involved, as with the real provider.
 */
export function testProviderRoutes({ testProvider }: { testProvider: TestProvider }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/payment_intents/:id/confirm',
      {
        schema: {
          tags,
          summary:
            'Confirm a payment intent (test mode) with a card, a card the intent’s customer kept (`paymentMethodId`), or the test wallet (`method: test_wallet` and a `returnUrl` path of the shop)',
          params: Params,
          body: TestConfirmBodySchema,
          response: { 200: TestIntentAnswerSchema, 400: E, 404: E, 409: E },
        },
      },
      async (request) => testProvider.confirm(request.params.id, request.body),
    );

    app.post(
      '/payment_intents/:id/authenticate',
      {
        schema: {
          tags,
          summary: 'Complete or fail the authentication challenge (test mode)',
          params: Params,
          body: TestAuthenticateBodySchema,
          response: { 200: TestIntentAnswerSchema, 400: E, 404: E, 409: E },
        },
      },
      async (request) => testProvider.authenticate(request.params.id, request.body),
    );

    app.post(
      '/payment_intents/:id/wallet',
      {
        schema: {
          tags,
          summary:
            'Approve or decline a test wallet payment on its approval page (test mode); answers the shop’s return URL',
          params: Params,
          body: TestAuthenticateBodySchema,
          response: { 200: TestWalletAnswerSchema, 400: E, 404: E, 409: E },
        },
      },
      async (request) => testProvider.walletDecision(request.params.id, request.body),
    );
    app.post(
      '/payment_intents/:id',
      {
        schema: {
          tags,
          summary: 'Read a payment intent with its client secret (test mode)',
          params: Params,
          body: z.object({ clientSecret: z.string().min(1).max(300) }),
          response: { 200: TestIntentAnswerSchema, 400: E, 404: E },
        },
      },
      async (request) => testProvider.intentForBrowser(request.params.id, request.body.clientSecret),
    );
  };
}
