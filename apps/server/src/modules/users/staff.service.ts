import {
  ADMIN_MESSAGES,
  type StaffListQuerySchema,
  type StaffMember,
  type StaffRole,
  type UserRole,
} from '@shopper/contract';
import { and, asc, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema.ts';
import { likePattern } from '../../lib/admin-page.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/index.ts';

type StaffListQuery = z.output<typeof StaffListQuerySchema>;
/** The staff member making the change; null is the operator at the command line. */
export type Actor = { id: string } | null;

const isStaff = ne(users.role, 'customer');
const SORT_COLUMNS = { email: users.email, name: users.name, role: users.role, createdAt: users.createdAt } as const;

export function toStaffMember(row: UserRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'customer' ? 'staff' : row.role,
    isDisabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

/**
 * Who may use the back office (decision 018). Roles live on `users`; every change is audited in its
 * transaction, and the shop always keeps one owner: the owner rows are locked before counting, so
 * two owners demoting each other at once cannot both succeed.
 */
export function createStaffService({ db, clock, audit }: { db: Database; clock: () => Date; audit: AuditService }) {
  async function list(query: StaffListQuery): Promise<{ items: StaffMember[]; total: number }> {
    const search = query.q
      ? or(ilike(users.email, likePattern(query.q)), ilike(users.name, likePattern(query.q)))
      : undefined;
    const where = and(isStaff, search);
    const order = query.dir === 'asc' ? asc : desc;
    const [rows, [totals]] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(order(SORT_COLUMNS[query.sort]), asc(users.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ total: count() }).from(users).where(where),
    ]);
    return { items: rows.map(toStaffMember), total: totals?.total ?? 0 };
  }

  /** Sets a role under the one-owner rule; `role` customer removes back-office access. */
  async function setRole(
    tx: Database,
    actor: Actor,
    target: UserRow,
    role: UserRole,
    action: string,
  ): Promise<UserRow> {
    if (target.role === 'owner' && role !== 'owner') {
      const owners = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).for('update');
      if (owners.filter((o) => o.id !== target.id).length === 0) {
        throw new AppError('CONFLICT', ADMIN_MESSAGES.lastOwner);
      }
    }
    const [row] = await tx.update(users).set({ role, updatedAt: clock() }).where(eq(users.id, target.id)).returning();
    if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.staffNotFound);
    await audit.record(tx, {
      actorId: actor?.id ?? null,
      action,
      entity: 'user',
      entityId: target.id,
      before: { email: target.email, role: target.role },
      after: { email: row.email, role: row.role },
    });
    return row;
  }

  /**
   * Every role change first locks the owners' rows, in id order, and only then its target: two
   * owners demoting each other at once would otherwise each hold their target and wait for the
   * other's (a deadlock PostgreSQL ends by failing one of them). Now the second waits, then finds
   * the first's change made.
   */
  async function lockedUser(tx: Database, where: SQL | undefined): Promise<UserRow | undefined> {
    await tx.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).orderBy(users.id).for('update');
    const [row] = await tx.select().from(users).where(where).limit(1).for('update');
    return row;
  }

  async function lockedStaff(tx: Database, id: string): Promise<UserRow> {
    const row = await lockedUser(tx, eq(users.id, id));
    if (!row || row.role === 'customer') throw new AppError('NOT_FOUND', ADMIN_MESSAGES.staffNotFound);
    return row;
  }

  return {
    list,
    /** Gives an existing account a back-office role (owner only). */
    add: (actor: Actor, { email, role }: { email: string; role: StaffRole }) =>
      db.transaction(async (tx) => {
        const target = await lockedUser(tx, and(eq(users.email, email.toLowerCase()), eq(users.guest, false)));
        if (!target)
          throw new AppError('NOT_FOUND', ADMIN_MESSAGES.staffNoAccount, [
            { param: 'email', msg: ADMIN_MESSAGES.staffNoAccount },
          ]);
        return toStaffMember(await setRole(tx, actor, target, role, 'staff.add'));
      }),
    changeRole: (actor: Actor, id: string, role: StaffRole) =>
      db.transaction(async (tx) =>
        toStaffMember(await setRole(tx, actor, await lockedStaff(tx, id), role, 'staff.role-change')),
      ),
    /** Back to a plain customer account: the person keeps their orders, loses the back office. */
    remove: (actor: Actor, id: string) =>
      db.transaction(async (tx) => {
        const target = await lockedStaff(tx, id);
        await setRole(tx, actor, target, 'customer', 'staff.remove');
        return toStaffMember(target);
      }),
    /** For create-owner: makes an existing account an owner in the caller's transaction. */
    promoteToOwner: async (tx: Database, actor: Actor, target: UserRow) =>
      target.role === 'owner' ? target : setRole(tx, actor, target, 'owner', 'staff.create-owner'),
  };
}
