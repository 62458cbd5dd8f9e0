import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, paymentIntents, users } from '../../db/schema.ts';

/** How long a guest's cookie lives (guest-cart-cookie.ts): past it, nobody can reach the cart. */
export const GUEST_ACCOUNT_DAYS = 30;
/** Abandoned guest accounts removed by each new one: enough to keep up with any pace of new ones. */
const REMOVED_PER_NEW_GUEST = 20;

export type GuestAccounts = ReturnType<typeof createGuestAccounts>;

/**
 * The account row behind a guest's cart (decision 072): carts, payments and orders all belong to
 * an account, so a guest gets one that cannot sign in. Its address starts unique and
 * undeliverable (`.invalid` is reserved for that) and becomes the one given at checkout; its empty
 * password hash verifies no password.
 */
export function createGuestAccounts({ db, clock }: { db: Database; clock: () => Date }) {
  /**
   * Guest accounts whose cookie has expired and that never paid: their carts can no longer be
   * reached. A guest with a payment or an order is kept, as deleting the account would take them
   * with it. Done a few at a time by each new guest, so they never pile up and need no loop.
   */
  async function removeAbandoned(): Promise<void> {
    const cutoff = new Date(clock().getTime() - GUEST_ACCOUNT_DAYS * 24 * 60 * 60 * 1000);
    const abandoned = db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.guest, true),
          lt(users.createdAt, cutoff),
          notExists(
            db
              .select({ one: sql`1` })
              .from(paymentIntents)
              .where(eq(paymentIntents.userId, users.id)),
          ),
          notExists(
            db
              .select({ one: sql`1` })
              .from(orders)
              .where(eq(orders.userId, users.id)),
          ),
        ),
      )
      .limit(REMOVED_PER_NEW_GUEST);
    await db.delete(users).where(and(eq(users.guest, true), inArray(users.id, abandoned)));
  }

  async function create(): Promise<string> {
    await removeAbandoned();
    const id = randomUUID();
    await db.insert(users).values({
      id,
      email: `guest-${id}@guest.invalid`,
      name: '',
      passwordHash: '',
      guest: true,
      createdAt: clock(),
    });
    return id;
  }

  /** True for a guest's account that still exists and is not disabled. */
  async function isGuest(id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.guest, true), isNull(users.disabledAt)));
    return row !== undefined;
  }

  /**
   * Where the guest's order mail goes, and whom it greets: given at checkout, so each order's
   * confirmation, status and refund mail reach the shopper like an account's.
   */
  async function setContact(id: string, contact: { email: string; name: string }): Promise<void> {
    await db
      .update(users)
      .set({ email: contact.email.toLowerCase(), name: contact.name, updatedAt: clock() })
      .where(and(eq(users.id, id), eq(users.guest, true)));
  }

  return { create, isGuest, setContact };
}
