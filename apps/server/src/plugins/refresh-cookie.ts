import { REFRESH_TOKEN_TTL_DAYS } from '@shopper/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Here beside the access token's plumbing, not in a module: the auth routes set it and the users
// routes clear it when an account is disabled.
export const REFRESH_COOKIE = 'shopper_refresh';

/**
 * httpOnly so no script can read it; SameSite=Strict and a path limited to the users API so the
 * browser sends it only to refresh and logout calls of this site (docs/architecture.md, Trust boundaries).
 */
const cookieOptions = (secure: boolean) =>
  ({ httpOnly: true, sameSite: 'strict', path: '/api/users', secure }) as const;

export function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean): void {
  void reply.setCookie(REFRESH_COOKIE, token, {
    ...cookieOptions(secure),
    maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60,
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(REFRESH_COOKIE, cookieOptions(secure));
}

export function refreshCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}
