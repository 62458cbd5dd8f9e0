import {
  ACCOUNT_MESSAGES,
  ChangePasswordBodySchema,
  DisableAccountBodySchema,
  ErrorBodySchema,
  MessageAnswerSchema,
  ProfileUpdateBodySchema,
  ToggleAdminAnswerSchema,
  UserAnswerSchema,
  UserSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthHook, authOf } from '../../plugins/auth.ts';
import { clearRefreshCookie } from '../../plugins/refresh-cookie.ts';
import type { AccountService } from './account.service.ts';
import { toUserView } from './user-view.ts';

const tags = ['users'];
const E = ErrorBodySchema;
const WRONG_PASSWORD_LIMITS =
  'Wrong passwords are limited per user and per address (429); a session that keeps guessing is ended (401).';
const ProfileAnswerSchema = z.object({ success: z.literal(true), message: z.string(), user: UserSchema });

/** The signed-in user's own account (docs/product.md#users-api). */
export function usersRoutes({
  account,
  requireAuth,
  secureCookies,
}: {
  account: AccountService;
  requireAuth: AuthHook;
  secureCookies: boolean;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication runs before the body is read: a stranger gets 401, never a validation answer.
    app.addHook('onRequest', requireAuth);

    for (const [url, summary] of [
      ['/me', 'The signed-in user'],
      ['/verify-token', 'Check the access token; answers the signed-in user'],
    ] as const) {
      app.get(url, { schema: { tags, summary, response: { 200: UserAnswerSchema, 401: E } } }, async (request) => ({
        success: true as const,
        user: toUserView(authOf(request).user),
      }));
    }

    app.put(
      '/profile',
      {
        schema: {
          tags,
          summary: 'Update name, phone and shipping address (null or all-empty clears it)',
          body: ProfileUpdateBodySchema,
          response: { 200: ProfileAnswerSchema, 400: E, 401: E },
        },
      },
      async (request) => {
        const user = await account.updateProfile(authOf(request).userId, request.body);
        return { success: true as const, message: ACCOUNT_MESSAGES.profileUpdated, user: toUserView(user) };
      },
    );

    app.put(
      '/change-password',
      {
        schema: {
          tags,
          summary: 'Change the password; signs out every other session',
          description: WRONG_PASSWORD_LIMITS,
          body: ChangePasswordBodySchema,
          response: { 200: MessageAnswerSchema, 400: E, 401: E, 429: E },
        },
      },
      async (request) => {
        const { currentPassword, newPassword } = request.body;
        await account.changePassword(authOf(request), { currentPassword, newPassword, ip: request.ip });
        return { success: true as const, message: ACCOUNT_MESSAGES.passwordChanged };
      },
    );

    app.put(
      '/disable-account',
      {
        schema: {
          tags,
          summary: 'Disable the account after checking the password; ends every session',
          description: WRONG_PASSWORD_LIMITS,
          body: DisableAccountBodySchema,
          response: { 200: MessageAnswerSchema, 400: E, 401: E, 429: E },
        },
      },
      async (request, reply) => {
        await account.disableAccount(authOf(request), { password: request.body.password, ip: request.ip });
        clearRefreshCookie(reply, secureCookies);
        return { success: true as const, message: ACCOUNT_MESSAGES.accountDisabledDone };
      },
    );

    app.post(
      '/toggle-admin',
      {
        schema: {
          tags,
          summary: 'Self-service admin flag (a demo feature: 403 unless the shop runs with DEMO=true)',
          response: { 200: ToggleAdminAnswerSchema, 401: E, 403: E },
        },
      },
      async (request) => {
        const user = await account.toggleAdmin(authOf(request));
        return {
          success: true as const,
          isAdmin: user.isAdmin,
          message: user.isAdmin ? ACCOUNT_MESSAGES.nowAdmin : ACCOUNT_MESSAGES.adminRemoved,
          user: toUserView(user),
        };
      },
    );
  };
}
