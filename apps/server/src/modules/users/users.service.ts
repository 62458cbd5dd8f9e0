import type { Address } from '@shopper/contract';
import { ACCOUNT_MESSAGES } from '@shopper/contract';
import type { SQL } from 'drizzle-orm';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

const UNIQUE_VIOLATION = '23505';

/** Drizzle wraps the driver's error; the SQLSTATE sits on it or on its cause. */
function isUniqueViolation(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && current.code === UNIQUE_VIOLATION) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

export type NewUser = {
  email: string;
  name: string;
  passwordHash: string;
  phone: string;
  termsAcceptedAt: Date | null;
};
export type ProfileChange = { name: string; phone: string; address?: Address | null | undefined };

export type UsersService = ReturnType<typeof createUsersService>;

/**
 * The users table and nothing else. Methods that are part of a larger change take the transaction
 * (`db`) to write in, so the change, its tokens and its mail commit together.
 */
export function createUsersService({ db, clock }: { db: Database; clock: () => Date }) {
  async function findById(id: string, tx: Database = db): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async function findByEmail(email: string, tx: Database = db): Promise<UserRow | undefined> {
    // A guest's address is only where their order mail goes (decision 072): never an account.
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, email.toLowerCase()), eq(users.guest, false)))
      .limit(1);
    return row;
  }

  async function insert(tx: Database, user: NewUser): Promise<UserRow> {
    const now = clock();
    try {
      const [row] = await tx
        .insert(users)
        .values({ ...user, email: user.email.toLowerCase(), createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  type Changes = { [K in keyof typeof users.$inferInsert]?: (typeof users.$inferInsert)[K] | SQL };

  async function update(tx: Database, id: string, values: Changes): Promise<UserRow> {
    const [row] = await tx
      .update(users)
      .set({ ...values, updatedAt: clock() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);
    return row;
  }

  return {
    findById,
    findByEmail,
    insert,
    setPasswordHash: (tx: Database, id: string, passwordHash: string) => update(tx, id, { passwordHash }),
    markEmailVerified: (tx: Database, id: string) => update(tx, id, { isEmailVerified: true }),
    disable: (tx: Database, id: string, reason: string) =>
      update(tx, id, { disabledAt: clock(), disabledReason: reason }),
    /** Flipped in SQL, so two quick toggles cannot both read the old value. */
    toggleAdmin: (id: string) => update(db, id, { isAdmin: sql`not ${users.isAdmin}` }),
    /** The profile's address, kept equal to the address book's default entry (docs/shipping-and-taxes.md#address-book). */
    setProfileAddress: (tx: Database, id: string, address: Omit<Address, 'postalCode'> | null) =>
      update(tx, id, {
        addressStreet: address?.street ?? null,
        addressCity: address?.city ?? null,
        addressState: address?.state ?? null,
        addressZip: address?.zipCode ?? null,
        addressCountry: address?.country ?? null,
      }),
    updateProfile: (id: string, change: ProfileChange) =>
      update(db, id, {
        name: change.name,
        phone: change.phone,
        // undefined: the address is left as it is; null: cleared.
        ...(change.address === undefined
          ? {}
          : {
              addressStreet: change.address?.street ?? null,
              addressCity: change.address?.city ?? null,
              addressState: change.address?.state ?? null,
              addressZip: change.address?.zipCode ?? null,
              addressCountry: change.address?.country ?? null,
            }),
      }),
  };
}

export function emailTaken(): AppError {
  return new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken, [{ param: 'email', msg: ACCOUNT_MESSAGES.emailTaken }]);
}
