import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, paymentIntents, users } from '../../db/schema.ts';

export type GuestOrders = ReturnType<typeof createGuestOrders>;

/**
 * Orders placed through guest checkout (decision 073): the signed key that opens one without an
 * account, the lookup by email and order number, and handing them to the account that proves the
 * address is its own.
 */
export function createGuestOrders({ db, secret, publicUrl }: { db: Database; secret: string; publicUrl: string }) {
  // A key of its own: an order link can never pass for a token or a cookie, nor the reverse.
  const key = createHmac('sha256', secret).update('shopper guest order link v1').digest();
  const macOf = (orderId: string) => createHmac('sha256', key).update(orderId).digest();

  /** Guests' accounts that gave this address at checkout. */
  const guestsWithEmail = (email: string) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.guest, true), eq(users.email, email.toLowerCase())));

  const accessKeyFor = (orderId: string): string => macOf(orderId).toString('base64url');

  return {
    accessKeyFor,

    /** The order's page in the storefront; a guest has no account to sign in with, so theirs carries the key. */
    pageLink: (orderId: string, isGuest: boolean): string =>
      `${publicUrl}/order-confirmation/${orderId}${isGuest ? `?key=${accessKeyFor(orderId)}` : ''}`,

    isAccessKey(orderId: string, given: string): boolean {
      const mac = Buffer.from(given, 'base64url');
      const expected = macOf(orderId);
      return mac.length === expected.length && timingSafeEqual(mac, expected);
    },

    /** The id of a guest's order with this number placed with this email; undefined for anything else. */
    async lookup(email: string, orderNumber: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(eq(orders.orderNumber, orderNumber), eq(users.guest, true), eq(users.email, email.toLowerCase())))
        .limit(1);
      return row?.id;
    },

    /**
     * Gives the account every order (and the payments behind them) placed as a guest with its
     * address. Called once the account has proved the address is its own, so the orders' mail
     * already went to whoever now claims them. Returns how many orders moved.
     */
    async claim(userId: string, email: string): Promise<number> {
      return db.transaction(async (tx) => {
        const guests = guestsWithEmail(email);
        const moved = await tx
          .update(orders)
          .set({ userId, updatedAt: sql`now()` })
          .where(inArray(orders.userId, guests))
          .returning({ id: orders.id });
        if (moved.length > 0) {
          await tx.update(paymentIntents).set({ userId }).where(inArray(paymentIntents.userId, guests));
        }
        return moved.length;
      });
    },
  };
}
