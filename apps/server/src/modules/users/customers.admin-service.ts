import {
  ADMIN_MESSAGES,
  type AdminCustomer,
  type AdminCustomersQuerySchema,
  type AdminCustomerSummary,
  type CustomerStatus,
  toDollars,
} from '@shopper/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema.ts';
import { likePattern } from '../../lib/admin-page.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/index.ts';
import { customerFigures } from '../orders/index.ts';
import { toUserView } from './user-view.ts';
import type { EndSessionsOfUser } from './session-ending.ts';

type ListQuery = z.output<typeof AdminCustomersQuerySchema>;
type Actor = { id: string; role: 'staff' | 'owner' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATUS_FILTERS: Record<CustomerStatus, SQL | undefined> = {
  disabled: isNotNull(users.disabledAt),
  unverified: and(isNull(users.disabledAt), eq(users.isEmailVerified, false)),
  active: and(isNull(users.disabledAt), eq(users.isEmailVerified, true)),
};

export function customerStatusOf(row: Pick<UserRow, 'disabledAt' | 'isEmailVerified'>): CustomerStatus {
  if (row.disabledAt) return 'disabled';
  return row.isEmailVerified ? 'active' : 'unverified';
}

/** pg answers bigint and aggregated timestamps as strings; PGlite as numbers and Dates. */
const num = (value: unknown) => Number(value ?? 0);
const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

export type CustomersAdminService = ReturnType<typeof createCustomersAdminService>;

/**
 * Customers in the back office (docs/product.md#customers, decision 031): search, figures from the orders (net of
 * refunds, in SQL), disable and re-enable. Disabling works like a customer closing their own
 * account (docs/product.md#profile): `disabledAt` is set and every session ends in the same
 * transaction, so the refresh cookie stops working at once and login answers 'This account has
 * been disabled…'. Staff may not touch an owner's account, and nobody may disable themselves.
 */
export function createCustomersAdminService({
  db,
  clock,
  audit,
  endSessionsOfUser,
}: {
  db: Database;
  clock: () => Date;
  audit: AuditService;
  endSessionsOfUser: EndSessionsOfUser;
}) {
  const notFound = () => new AppError('NOT_FOUND', ADMIN_MESSAGES.customerNotFound);

  function selection(figures: ReturnType<typeof customerFigures>) {
    return {
      user: users,
      orderCount: figures.orderCount,
      grossCents: figures.grossCents,
      refundedCents: figures.refundedCents,
      netCents: figures.netCents,
      firstOrderAt: figures.firstOrderAt,
      lastOrderAt: figures.lastOrderAt,
    };
  }
  type Row = { user: UserRow } & Record<
    'orderCount' | 'grossCents' | 'refundedCents' | 'netCents' | 'firstOrderAt' | 'lastOrderAt',
    unknown
  >;

  function toSummary(row: Row): AdminCustomerSummary {
    return {
      id: row.user.id,
      email: row.user.email,
      name: row.user.name,
      role: row.user.role,
      status: customerStatusOf(row.user),
      createdAt: row.user.createdAt.toISOString(),
      orderCount: num(row.orderCount),
      lifetimeSpend: toDollars(num(row.netCents)),
      lastOrderAt: iso(row.lastOrderAt),
    };
  }

  function toCustomer(row: Row): AdminCustomer {
    const orderCount = num(row.orderCount);
    const { phone, address } = toUserView(row.user);
    return {
      ...toSummary(row),
      phone,
      address,
      isEmailVerified: row.user.isEmailVerified,
      grossSpend: toDollars(num(row.grossCents)),
      refunded: toDollars(num(row.refundedCents)),
      averageOrder: orderCount === 0 ? 0 : toDollars(Math.round(num(row.netCents) / orderCount)),
      firstOrderAt: iso(row.firstOrderAt),
      disabledAt: row.user.disabledAt?.toISOString() ?? null,
      disabledReason: row.user.disabledAt ? row.user.disabledReason : null,
    };
  }

  /**
   * Sorted by a figure, every customer's figures are needed to order them: one grouped pass over
   * the orders (decision 031 has the measurement). Sorted by a users column, the page of users is
   * picked first and only its customers' orders are read.
   */
  async function list(query: ListQuery): Promise<{ items: AdminCustomerSummary[]; total: number }> {
    const where = and(
      // A guest's cart account is no customer's (decision 072); its orders are listed with the others.
      eq(users.guest, false),
      query.q ? or(ilike(users.email, likePattern(query.q)), ilike(users.name, likePattern(query.q))) : undefined,
      query.status ? STATUS_FILTERS[query.status] : undefined,
    );
    const order = query.dir === 'asc' ? asc : desc;
    const offset = (query.page - 1) * query.pageSize;
    const counted = db.select({ total: count() }).from(users).where(where);

    if (query.sort === 'lifetimeSpend' || query.sort === 'orderCount') {
      const figures = customerFigures(db);
      const figure = query.sort === 'lifetimeSpend' ? figures.netCents : figures.orderCount;
      const [rows, [totals]] = await Promise.all([
        db
          .select(selection(figures))
          .from(users)
          .leftJoin(figures, eq(figures.userId, users.id))
          .where(where)
          .orderBy(order(sql`coalesce(${figure}, 0)`), asc(users.id))
          .limit(query.pageSize)
          .offset(offset),
        counted,
      ]);
      return { items: rows.map(toSummary), total: totals?.total ?? 0 };
    }

    const column = { createdAt: users.createdAt, name: sql`lower(${users.name})`, email: users.email }[query.sort];
    const [pageOfUsers, [totals]] = await Promise.all([
      db
        .select({ id: users.id })
        .from(users)
        .where(where)
        .orderBy(order(column), asc(users.id))
        .limit(query.pageSize)
        .offset(offset),
      counted,
    ]);
    const ids = pageOfUsers.map((row) => row.id);
    if (ids.length === 0) return { items: [], total: totals?.total ?? 0 };
    const figures = customerFigures(db, ids);
    const rows = await db
      .select(selection(figures))
      .from(users)
      .leftJoin(figures, eq(figures.userId, users.id))
      .where(inArray(users.id, ids));
    const byId = new Map(rows.map((row) => [row.user.id, row]));
    const items = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toSummary(row)] : [];
    });
    return { items, total: totals?.total ?? 0 };
  }

  async function detail(id: string, executor: Database = db): Promise<AdminCustomer> {
    if (!UUID.test(id)) throw notFound();
    const figures = customerFigures(executor);
    const [row] = await executor
      .select(selection(figures))
      .from(users)
      .leftJoin(figures, eq(figures.userId, users.id))
      .where(eq(users.id, id));
    if (!row) throw notFound();
    return toCustomer(row);
  }

  /** Locks the account, checks who may change it, applies the change, audits before → after. */
  async function changeStatus(actor: Actor, id: string, reason: string, disable: boolean): Promise<AdminCustomer> {
    if (!UUID.test(id)) throw notFound();
    return db.transaction(async (tx) => {
      const [target] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
      if (!target) throw notFound();
      if (target.role === 'owner' && actor.role !== 'owner') {
        throw new AppError('FORBIDDEN', ADMIN_MESSAGES.customerOwnerNeedsOwner);
      }
      if (disable && target.id === actor.id) throw new AppError('CONFLICT', ADMIN_MESSAGES.customerCannotDisableSelf);
      if (disable && target.disabledAt) throw new AppError('CONFLICT', ADMIN_MESSAGES.customerAlreadyDisabled);
      if (!disable && !target.disabledAt) throw new AppError('CONFLICT', ADMIN_MESSAGES.customerNotDisabled);

      const now = clock();
      const [changed] = await tx
        .update(users)
        .set(
          disable
            ? { disabledAt: now, disabledReason: reason, updatedAt: now }
            : { disabledAt: null, disabledReason: null, updatedAt: now },
        )
        .where(eq(users.id, id))
        .returning();
      if (!changed) throw notFound();
      // Every device of the account is signed out with the change; refresh tokens die with their session.
      if (disable) await endSessionsOfUser(tx, id, 'disabled');
      const state = (row: UserRow) => ({
        email: row.email,
        disabledAt: row.disabledAt?.toISOString() ?? null,
        disabledReason: row.disabledReason,
      });
      await audit.record(tx, {
        actorId: actor.id,
        action: disable ? 'customer.disable' : 'customer.enable',
        entity: 'user',
        entityId: id,
        before: state(target),
        after: { ...state(changed), reason },
      });
      return detail(id, tx);
    });
  }

  return {
    list,
    detail: (id: string) => detail(id),
    disable: (actor: Actor, id: string, reason: string) => changeStatus(actor, id, reason, true),
    enable: (actor: Actor, id: string, reason: string) => changeStatus(actor, id, reason, false),
  };
}
