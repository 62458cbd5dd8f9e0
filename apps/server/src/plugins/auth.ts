import { ACCESS_TOKEN_TTL_SECONDS, ACCOUNT_MESSAGES } from '@shopper/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';

/** The signed-in user as routes see it; the password hash never leaves the users module. */
export type AuthUser = Omit<UserRow, 'passwordHash'>;
export type AuthContext = { userId: string; sessionId: string; user: AuthUser };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth`; null on routes that do not ask for it. */
    auth: AuthContext | null;
  }
}

/** A session with its user, read in one query so a revoked session stops working at once. */
export type SessionWithUser = { userId: string; revokedAt: Date | null; expiresAt: Date; user: AuthUser };
export type SessionLookup = (sessionId: string) => Promise<SessionWithUser | undefined>;

type AccessClaims = { userId: string; sessionId: string };

const ALGORITHM = 'HS256';

function claimsOf(payload: { sub?: unknown; sid?: unknown }): AccessClaims | undefined {
  return typeof payload.sub === 'string' && typeof payload.sid === 'string'
    ? { userId: payload.sub, sessionId: payload.sid }
    : undefined;
}

/** Short-lived access tokens (docs/architecture.md#trust-boundaries: ≤ 15 min): HS256, sub = user id, sid = session id. */
export function createAccessTokens({ secret, clock }: { secret: string; clock: () => Date }) {
  const key = new TextEncoder().encode(secret);

  async function sign({ userId, sessionId }: AccessClaims): Promise<string> {
    const now = Math.floor(clock().getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
      .sign(key);
  }

  /**
   * Only HS256 with our key is accepted: `alg: none`, other algorithms and other keys are refused.
   * The token must carry exp, iat, sub and sid, and be no older than the access-token lifetime,
   * whatever its exp says (decision 013).
   */
  const verifyOptions = () => ({
    algorithms: [ALGORITHM],
    requiredClaims: ['exp', 'iat', 'sub', 'sid'],
    maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
    currentDate: clock(),
  });

  async function verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, key, verifyOptions());
      const claims = claimsOf(payload);
      if (claims) return claims;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);
      }
    }
    throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.authError);
  }

  /** For logout: a genuine token names its session even after it expired. */
  async function sessionIdIgnoringExpiry(token: string): Promise<string | undefined> {
    try {
      const { payload } = await jwtVerify(token, key, verifyOptions());
      return claimsOf(payload)?.sessionId;
    } catch (error) {
      // jose checks the signature before the claims, so an expired token's payload is authentic.
      if (error instanceof joseErrors.JWTExpired) return claimsOf(error.payload)?.sessionId;
      return undefined;
    }
  }

  return { sign, verify, sessionIdIgnoringExpiry };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** docs/product.md#session: the token comes in the auth-token header; `Authorization: Bearer` is accepted too. */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['auth-token'];
  if (typeof header === 'string' && header.length > 0) return header;
  const authorization = request.headers.authorization;
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1];
}

export type AuthHook = (request: FastifyRequest) => Promise<void>;

/**
 * A route hook (onRequest or preHandler): verifies the access token, then loads its session and
 * user, so logout, password change, disabling and refresh-token reuse end access immediately.
 */
export function requireAuth({
  tokens,
  findSession,
  clock,
}: {
  tokens: AccessTokens;
  findSession: SessionLookup;
  clock: () => Date;
}): AuthHook {
  return async (request) => {
    const token = accessTokenOf(request);
    if (!token) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.authenticationRequired);
    const claims = await tokens.verify(token);
    const session = await findSession(claims.sessionId);
    if (!session || session.userId !== claims.userId) {
      throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);
    }
    if (session.user.disabledAt) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.accountDisabled);
    if (session.revokedAt || session.expiresAt <= clock()) {
      throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);
    }
    request.auth = { userId: claims.userId, sessionId: claims.sessionId, user: session.user };
  };
}

/**
 * For public routes that answer a signed-in user a little differently (their own review marked):
 * a valid token sets `request.auth`; a missing, expired or forged one leaves it null and never
 * fails the request.
 */
export function optionalAuth(required: AuthHook): AuthHook {
  return async (request) => {
    if (!accessTokenOf(request)) return;
    try {
      await required(request);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'UNAUTHENTICATED')) throw error;
      request.auth = null;
    }
  };
}

/** After `requireAuth`: checkout and other guarded actions need a verified email (docs/product.md#roles). */
export const requireVerifiedEmail: AuthHook = async (request) => {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.authenticationRequired);
  if (!request.auth.user.isEmailVerified) {
    throw new AppError('EMAIL_NOT_VERIFIED', ACCOUNT_MESSAGES.emailVerificationRequired);
  }
};

/** The signed-in user of a route guarded by `requireAuth`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.authenticationRequired);
  return request.auth;
}

/** The one decorator of the auth machinery; install on the root app before routes. */
export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}
