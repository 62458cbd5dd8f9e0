import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthHook, accessTokenOf, authOf } from '../../plugins/auth.ts';
import { type RateLimiter, tooManyRequests } from '../../plugins/rate-limit.ts';
import {
  clearGuestCartCookie,
  type GuestCartCookies,
  guestCartCookieOf,
  setGuestCartCookie,
} from './guest-cart-cookie.ts';

/** What the cart needs of guest accounts (the users module keeps them). */
export type GuestAccountsPort = { create(): Promise<string>; isGuest(id: string): Promise<boolean> };

export type CartOwnerDeps = {
  requireAuth: AuthHook;
  /** The owner's setting, read on each cookie-only request so turning it off takes effect at once. */
  guestCheckoutOn: () => Promise<boolean>;
  guests: GuestAccountsPort;
  cookies: GuestCartCookies;
  rateLimiter: RateLimiter;
  secureCookies: boolean;
};

/**
 * Whose cart a request acts on (decision 072). A request with a token is its account's, and a bad
 * token is refused as everywhere. Without one, and with guest checkout off, the visitor is asked to
 * log in exactly as before. With it on, the guest cart cookie names the cart; a guest without one
 * reads an empty cart and gets a cart, and its cookie, on the first change.
 */
export function cartOwners(deps: CartOwnerDeps) {
  const owners = new WeakMap<FastifyRequest, string>();
  const newCarts = deps.rateLimiter.counters.guestCartsPerIp;

  /** The guest's account the request's cookie names, if it is still a guest's. */
  async function guestOf(request: FastifyRequest): Promise<string | undefined> {
    const guestId = deps.cookies.guestIdOf(guestCartCookieOf(request));
    return guestId !== undefined && (await deps.guests.isGuest(guestId)) ? guestId : undefined;
  }

  const identify: AuthHook = async (request) => {
    if (accessTokenOf(request) !== undefined || !(await deps.guestCheckoutOn())) {
      await deps.requireAuth(request);
      owners.set(request, authOf(request).userId);
      return;
    }
    const guestId = await guestOf(request);
    if (guestId !== undefined) owners.set(request, guestId);
  };

  return {
    identify,
    guestOf,
    /** The account whose cart to read; undefined for a guest who has none yet. */
    reader: (request: FastifyRequest): string | undefined => owners.get(request),
    /** After a merge: the browser stops naming the guest cart. */
    forgetGuest(request: FastifyRequest, reply: FastifyReply): void {
      if (guestCartCookieOf(request) !== undefined) clearGuestCartCookie(reply, deps.secureCookies);
    },
    /** The account whose cart to change: a guest without a cart gets one here. */
    async writer(request: FastifyRequest, reply: FastifyReply): Promise<string> {
      const known = owners.get(request);
      if (known !== undefined) return known;
      if (!deps.rateLimiter.isAllowlisted(request.ip)) {
        const { count, msBeforeReset } = await newCarts.hit(request.ip);
        if (count > newCarts.rule.max) throw tooManyRequests(msBeforeReset);
      }
      const guestId = await deps.guests.create();
      setGuestCartCookie(reply, deps.cookies.valueFor(guestId), deps.secureCookies);
      owners.set(request, guestId);
      return guestId;
    },
  };
}

export type CartOwners = ReturnType<typeof cartOwners>;
