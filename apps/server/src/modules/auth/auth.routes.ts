import {
  ACCOUNT_MESSAGES,
  AuthAnswerSchema,
  ErrorBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  MessageAnswerSchema,
  RequestVerificationBodySchema,
  ResetPasswordBodySchema,
  SignupBodySchema,
  TokenAnswerSchema,
  VerifyEmailAnswerSchema,
} from '@shopper/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { accessTokenOf } from '../../plugins/auth.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { toUserView } from '../users/index.ts';
import type { AuthService, ClientMeta } from './auth.service.ts';
import { deviceCookieOf, setDeviceCookie } from './device-cookie.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from '../../plugins/refresh-cookie.ts';

const tags = ['users'];
const E = ErrorBodySchema;

function metaOf(request: FastifyRequest): ClientMeta {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : '', ip: request.ip };
}

const emailOf = (request: FastifyRequest) => (request.body as { email: string }).email;

/** Signing up and in, sessions, and the e-mail links (docs/product.md#users-api). */
export function authRoutes({
  auth,
  rateLimiter,
  loginThrottle,
  secureCookies,
}: {
  auth: AuthService;
  rateLimiter: RateLimiter;
  loginThrottle: LoginThrottle;
  secureCookies: boolean;
}): FastifyPluginAsyncZod {
  const rateLimit = rateLimiter.guard;
  return async (app) => {
    app.post(
      '/signup',
      {
        preHandler: rateLimit('signup', emailOf),
        schema: {
          tags,
          summary: 'Create an account, send its verification email and sign in',
          body: SignupBodySchema,
          response: { 201: AuthAnswerSchema, 400: E, 409: E, 429: E },
        },
      },
      async (request, reply) => {
        const signedIn = await auth.signup(request.body, metaOf(request));
        setRefreshCookie(reply, signedIn.refreshToken, secureCookies);
        return reply
          .status(201)
          .send({ success: true as const, accessToken: signedIn.accessToken, user: toUserView(signedIn.user) });
      },
    );

    app.post(
      '/login',
      {
        schema: {
          tags,
          summary: 'Sign in with email and password',
          description:
            'Failed logins are limited per (account, address); past a limit on the account as a whole it is slowed ' +
            'down for clients without its device cookie, which a successful login sets (decision 012).',
          body: LoginBodySchema,
          response: { 200: AuthAnswerSchema, 400: E, 401: E, 403: E, 429: E },
        },
      },
      async (request, reply) => {
        const attempt = await loginThrottle.admit({
          ip: request.ip,
          email: request.body.email,
          deviceToken: deviceCookieOf(request),
        });
        let signedIn: Awaited<ReturnType<AuthService['login']>>;
        try {
          signedIn = await auth.login(request.body, metaOf(request));
        } catch (error) {
          const isWrongPassword = error instanceof AppError && error.code === 'UNAUTHENTICATED';
          if (!isWrongPassword) await attempt.release();
          throw error;
        }
        await attempt.release();
        setDeviceCookie(reply, await attempt.deviceCookie(), secureCookies);
        setRefreshCookie(reply, signedIn.refreshToken, secureCookies);
        return { success: true as const, accessToken: signedIn.accessToken, user: toUserView(signedIn.user) };
      },
    );

    app.post(
      '/refresh-token',
      {
        schema: {
          tags,
          summary: 'Trade the refresh cookie for a new access token and a new cookie (rotation)',
          response: { 200: TokenAnswerSchema, 401: E },
        },
      },
      async (request, reply) => {
        try {
          const rotated = await auth.refresh(refreshCookieOf(request));
          setRefreshCookie(reply, rotated.refreshToken, secureCookies);
          return { success: true as const, accessToken: rotated.accessToken };
        } catch (error) {
          // A refused cookie is useless to keep.
          clearRefreshCookie(reply, secureCookies);
          throw error;
        }
      },
    );

    app.post(
      '/logout',
      {
        schema: {
          tags,
          summary: 'End the current session (idempotent) and clear the refresh cookie',
          response: { 200: MessageAnswerSchema },
        },
      },
      async (request, reply) => {
        await auth.logout({ accessToken: accessTokenOf(request), refreshToken: refreshCookieOf(request) });
        clearRefreshCookie(reply, secureCookies);
        return { success: true as const, message: ACCOUNT_MESSAGES.loggedOut };
      },
    );

    app.post(
      '/forgot-password',
      {
        preHandler: rateLimit('forgotPassword', emailOf),
        schema: {
          tags,
          summary: 'Email a single-use password reset link (valid 1 hour)',
          body: ForgotPasswordBodySchema,
          response: { 200: MessageAnswerSchema, 400: E, 404: E, 429: E },
        },
      },
      async (request) => {
        await auth.forgotPassword(request.body.email);
        return { success: true as const, message: ACCOUNT_MESSAGES.recoveryEmailSent };
      },
    );

    app.post(
      '/reset-password',
      {
        preHandler: rateLimit('resetPassword', (request) => (request.body as { token: string }).token),
        schema: {
          tags,
          summary: 'Set a new password with a reset link token; signs out every session',
          body: ResetPasswordBodySchema,
          response: { 200: MessageAnswerSchema, 400: E, 429: E },
        },
      },
      async (request) => {
        await auth.resetPassword(request.body.token, request.body.password);
        return { success: true as const, message: ACCOUNT_MESSAGES.passwordResetSuccess };
      },
    );

    app.post(
      '/request-verification',
      {
        preHandler: rateLimit('requestVerification', emailOf),
        schema: {
          tags,
          summary: 'Send a new email verification link',
          body: RequestVerificationBodySchema,
          response: { 200: MessageAnswerSchema, 400: E, 429: E },
        },
      },
      async (request) => ({
        success: true as const,
        message: await auth.requestVerification(request.body.email),
      }),
    );

    app.get(
      '/verify-email/:token',
      {
        schema: {
          tags,
          summary: 'Verify an email address with the link token',
          params: z.object({ token: z.string().min(1).max(200) }),
          response: { 200: VerifyEmailAnswerSchema, 400: E },
        },
      },
      async (request) => ({ success: true as const, ...(await auth.verifyEmail(request.params.token)) }),
    );
  };
}
