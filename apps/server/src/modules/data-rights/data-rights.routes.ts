import {
  CustomerDataExportSchema,
  DATA_RIGHTS_MESSAGES,
  EraseAccountBodySchema,
  ErrorBodySchema,
  MessageAnswerSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthHook, authOf } from '../../plugins/auth.ts';
import { clearRefreshCookie } from '../../plugins/refresh-cookie.ts';
import type { DataRightsService } from './data-rights.service.ts';

const tags = ['users'];
const E = ErrorBodySchema;

/** The signed-in customer's copy of their data, and the erasure of their account. Under /api/users. */
export function dataRightsRoutes({
  dataRights,
  requireAuth,
  secureCookies,
}: {
  dataRights: DataRightsService;
  requireAuth: AuthHook;
  secureCookies: boolean;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      '/me/data',
      {
        schema: {
          tags,
          summary: 'Everything the shop holds about the signed-in user, as a JSON download',
          response: { 200: CustomerDataExportSchema, 401: E },
        },
      },
      async (request, reply) => {
        const data = await dataRights.exportOwn(authOf(request).userId);
        const day = data.exportedAt.slice(0, 10);
        reply
          .header('content-disposition', `attachment; filename="shopper-my-data-${day}.json"`)
          .header('cache-control', 'no-store');
        return data;
      },
    );

    app.post(
      '/me/erase',
      {
        schema: {
          tags,
          summary: 'Erase the account after checking the password; ends every session at once',
          body: EraseAccountBodySchema,
          response: { 200: MessageAnswerSchema, 400: E, 401: E, 409: E, 429: E },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        await dataRights.eraseOwn(
          { userId: auth.userId, sessionId: auth.sessionId, ip: request.ip },
          request.body.password,
        );
        clearRefreshCookie(reply, secureCookies);
        return { success: true as const, message: DATA_RIGHTS_MESSAGES.erased };
      },
    );
  };
}
