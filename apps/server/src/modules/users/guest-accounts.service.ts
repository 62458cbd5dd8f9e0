import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type GuestAccounts = ReturnType<typeof createGuestAccounts>;

/**
 * The account row behind a guest's cart (decision 072): carts, payments and orders all belong to
 * an account, so a guest gets one that cannot sign in. Its address is unique and undeliverable
 * (`.invalid` is reserved for that), and its empty password hash verifies no password.
 */
export function createGuestAccounts({ db }: { db: Database }) {
  async function create(): Promise<string> {
    const id = randomUUID();
    await db.insert(users).values({ id, email: `guest-${id}@guest.invalid`, name: '', passwordHash: '', guest: true });
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

  return { create, isGuest };
}
