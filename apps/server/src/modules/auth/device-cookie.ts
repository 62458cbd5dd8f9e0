import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';

export const DEVICE_COOKIE = 'shopper_device';
const DEVICE_COOKIE_DAYS = 180;
const ALGORITHM = 'HS256';

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/**
 * OWASP's "Slow Brute Force Protection Using Device Cookies" (decision 012): a browser that
 * signed in to an account gets a signed cookie naming that account, so a stranger's failed
 * logins cannot lock or slow it out. It survives logout (the refresh cookie does not).
 */
export function createDeviceCookies({ secret, clock }: { secret: string; clock: () => Date }) {
  // A key of its own: a device cookie can never pass for an access token, nor the reverse.
  const key = createHmac('sha256', secret).update('shopper device cookie v1').digest();

  async function issue(accountKey: string): Promise<string> {
    const now = Math.floor(clock().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM, typ: 'device+jwt' })
      .setSubject(accountKey)
      .setJti(randomBytes(16).toString('base64url'))
      .setIssuedAt(now)
      .setExpirationTime(now + DEVICE_COOKIE_DAYS * 24 * 60 * 60)
      .sign(key);
  }

  /** The device's id when the cookie is genuine, unexpired and names this account. */
  async function deviceIdFor(token: string | undefined, accountKey: string): Promise<string | undefined> {
    if (!token || token.length > 500) return undefined;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        typ: 'device+jwt',
        subject: accountKey,
        requiredClaims: ['sub', 'jti', 'iat', 'exp'],
        currentDate: clock(),
      });
      return payload.jti;
    } catch {
      return undefined;
    }
  }

  return { issue, deviceIdFor };
}

/** httpOnly, SameSite=Strict, sent only to the login call. */
const cookieOptions = (secure: boolean) =>
  ({ httpOnly: true, sameSite: 'strict', path: '/api/users/login', secure }) as const;

export function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean): void {
  void reply.setCookie(DEVICE_COOKIE, token, { ...cookieOptions(secure), maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60 });
}

export function deviceCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[DEVICE_COOKIE];
}
