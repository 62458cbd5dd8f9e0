import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const GUEST_CART_COOKIE = 'shopper_guest_cart';
export const GUEST_CART_DAYS = 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type GuestCartCookies = ReturnType<typeof createGuestCartCookies>;

/**
 * The anonymous cart id a guest's browser keeps (decision 072): the guest account's id and an
 * HMAC of it under a key of its own, so a visitor can neither guess nor forge another guest's cart.
 */
export function createGuestCartCookies({ secret }: { secret: string }) {
  // A key of its own: this cookie can never pass for a token or another cookie, nor the reverse.
  const key = createHmac('sha256', secret).update('shopper guest cart cookie v1').digest();
  const macOf = (guestId: string) => createHmac('sha256', key).update(guestId).digest();

  return {
    valueFor: (guestId: string) => `${guestId}.${macOf(guestId).toString('base64url')}`,
    /** The guest's id when the value is one this shop signed; anything else names nobody. */
    guestIdOf(value: string | undefined): string | undefined {
      if (!value || value.length > 120) return undefined;
      const [guestId, mac, ...rest] = value.split('.');
      if (rest.length > 0 || !guestId || !mac || !UUID.test(guestId)) return undefined;
      const given = Buffer.from(mac, 'base64url');
      const expected = macOf(guestId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? guestId : undefined;
    },
  };
}

/**
 * httpOnly, so no script reads it; SameSite=Strict, so no other site's page can fill or read the
 * cart; sent to the API only, where the cart, checkout and the merge at sign-in read it.
 */
const cookieOptions = (secure: boolean) => ({ httpOnly: true, sameSite: 'strict', path: '/api', secure }) as const;

export function setGuestCartCookie(reply: FastifyReply, value: string, secure: boolean): void {
  void reply.setCookie(GUEST_CART_COOKIE, value, { ...cookieOptions(secure), maxAge: GUEST_CART_DAYS * 24 * 60 * 60 });
}

export function clearGuestCartCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(GUEST_CART_COOKIE, cookieOptions(secure));
}

export function guestCartCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[GUEST_CART_COOKIE];
}
