import {
  ADDRESS_MESSAGES as M,
  type Address,
  MAX_SAVED_ADDRESSES,
  type SavedAddress,
  type SavedAddressInput,
} from '@shopper/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { savedAddresses } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UsersService } from '../users/index.ts';

type Row = typeof savedAddresses.$inferSelect;
export type AddressesService = ReturnType<typeof createAddressesService>;

const toWire = (row: Row): SavedAddress => ({
  _id: row.id,
  label: row.label,
  name: row.name,
  phone: row.phone,
  street: row.street,
  city: row.city,
  state: row.state,
  zip: row.zip,
  country: row.country as SavedAddress['country'],
  isDefault: row.isDefault,
});

/** A transaction-scoped lock per customer's book. */
const lockOf = (userId: string) => sql`select pg_advisory_xact_lock(hashtext(${`saved-addresses:${userId}`}))`;

const notFound = () => new AppError('NOT_FOUND', M.addressNotFound);

/**
 * A customer's address book (docs/shipping-and-taxes.md#address-book). Exactly one entry is the
 * default while the book has any, and the profile's address is kept equal to it, so the profile and
 * checkout never disagree. Every read and write is scoped to the signed-in customer.
 */
export function createAddressesService({
  db,
  clock,
  users,
}: {
  db: Database;
  clock: () => Date;
  users: Pick<UsersService, 'setProfileAddress'>;
}) {
  const rowsOf = (tx: Database, userId: string) =>
    tx
      .select()
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId))
      .orderBy(desc(savedAddresses.isDefault), asc(savedAddresses.createdAt), asc(savedAddresses.id));

  /** Makes `id` the default (or the oldest entry when `id` is null) and copies it to the profile. */
  async function settleDefault(tx: Database, userId: string, id: string | null): Promise<void> {
    await tx
      .update(savedAddresses)
      .set({ isDefault: false })
      .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true)));
    const rows = await rowsOf(tx, userId);
    const chosen = (id ? rows.find((row) => row.id === id) : undefined) ?? rows[0];
    if (chosen) {
      await tx.update(savedAddresses).set({ isDefault: true }).where(eq(savedAddresses.id, chosen.id));
    }
    await users.setProfileAddress(
      tx,
      userId,
      chosen
        ? {
            street: chosen.street,
            city: chosen.city,
            state: chosen.state,
            zipCode: chosen.zip,
            country: chosen.country as Address['country'],
          }
        : null,
    );
  }

  /** Serialises one customer's changes, so two tabs cannot leave two defaults or pass the limit. */
  async function transact<T>(userId: string, work: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(lockOf(userId));
      return work(tx);
    });
  }

  async function list(userId: string): Promise<SavedAddress[]> {
    return (await rowsOf(db, userId)).map(toWire);
  }

  async function create(userId: string, input: SavedAddressInput): Promise<SavedAddress[]> {
    await transact(userId, async (tx) => {
      const rows = await rowsOf(tx, userId);
      if (rows.length >= MAX_SAVED_ADDRESSES) throw new AppError('CONFLICT', M.tooManyAddresses(MAX_SAVED_ADDRESSES));
      const { isDefault, ...fields } = input;
      const [row] = await tx
        .insert(savedAddresses)
        .values({ ...fields, userId, isDefault: false, createdAt: clock(), updatedAt: clock() })
        .returning();
      if (row && (isDefault || rows.length === 0)) await settleDefault(tx, userId, row.id);
    });
    return list(userId);
  }

  async function update(userId: string, id: string, input: SavedAddressInput): Promise<SavedAddress[]> {
    await transact(userId, async (tx) => {
      const { isDefault, ...fields } = input;
      const [row] = await tx
        .update(savedAddresses)
        .set({ ...fields, updatedAt: clock() })
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
        .returning();
      if (!row) throw notFound();
      if (isDefault || row.isDefault) await settleDefault(tx, userId, row.id);
    });
    return list(userId);
  }

  async function remove(userId: string, id: string): Promise<SavedAddress[]> {
    await transact(userId, async (tx) => {
      const [row] = await tx
        .delete(savedAddresses)
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
        .returning();
      if (!row) throw notFound();
      // The next oldest entry takes over as default; with none left the profile has no address.
      if (row.isDefault) await settleDefault(tx, userId, null);
    });
    return list(userId);
  }

  async function makeDefault(userId: string, id: string): Promise<SavedAddress[]> {
    await transact(userId, async (tx) => {
      const [row] = await tx
        .select({ id: savedAddresses.id })
        .from(savedAddresses)
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)));
      if (!row) throw notFound();
      await settleDefault(tx, userId, row.id);
    });
    return list(userId);
  }

  /**
   * The profile's address changed: the default entry follows it (made when the book was empty);
   * a cleared profile address leaves the book's entries, none of them the default.
   */
  const adoptProfileAddress = (userId: string, profile: { name: string; phone: string; address: Address | null }) =>
    transact(userId, async (tx) => {
      const rows = await rowsOf(tx, userId);
      const current = rows.find((row) => row.isDefault);
      if (!profile.address) {
        if (current) await tx.update(savedAddresses).set({ isDefault: false }).where(eq(savedAddresses.id, current.id));
        return;
      }
      const fields = {
        street: profile.address.street,
        city: profile.address.city,
        state: profile.address.state,
        zip: profile.address.zipCode,
        country: profile.address.country,
        updatedAt: clock(),
      };
      if (current) {
        await tx.update(savedAddresses).set(fields).where(eq(savedAddresses.id, current.id));
      } else if (rows.length < MAX_SAVED_ADDRESSES) {
        await tx
          .insert(savedAddresses)
          .values({ ...fields, userId, name: profile.name, phone: profile.phone, isDefault: true, createdAt: clock() });
      }
    });

  return { list, create, update, remove, makeDefault, adoptProfileAddress };
}
