import type { AuditEntry, AuditListQuerySchema } from '@shopper/contract';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

export type AuditRecord = {
  /** The staff member; null for the command line. */
  actorId: string | null;
  /** Verb-like and stable, e.g. `order.ship`, `staff.role-change`. */
  action: string;
  /** Table-like name of what changed: `order`, `product`, `user`, `setting`… */
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

type AuditListQuery = z.output<typeof AuditListQuerySchema>;

export type AuditService = ReturnType<typeof createAuditService>;

/** Back-office changes write their audit row through the audit module, in their own transaction. */
export type AuditRecorder = Pick<AuditService, 'record'>;

/** The back-office audit log (decision 018): append-only, written inside the change's transaction. */
export function createAuditService({ db, clock }: { db: Database; clock: () => Date }) {
  /** Call with the transaction that makes the change, so the row exists exactly when the change does. */
  async function record(tx: Database, entry: AuditRecord): Promise<void> {
    await tx.insert(auditLog).values({
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      createdAt: clock(),
    });
  }

  async function list(query: AuditListQuery): Promise<{ items: AuditEntry[]; total: number }> {
    const conditions: SQL[] = [];
    if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
    if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
    if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const order = query.dir === 'asc' ? asc : desc;
    const [rows, [totals]] = await Promise.all([
      db
        .select({ entry: auditLog, actor: { id: users.id, email: users.email, name: users.name } })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(order(auditLog.createdAt), order(auditLog.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ total: count() }).from(auditLog).where(where),
    ]);
    return {
      total: totals?.total ?? 0,
      items: rows.map(({ entry, actor }) => ({
        id: entry.id,
        actor: actor?.id ? { id: actor.id, email: actor.email, name: actor.name } : null,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        before: entry.before,
        after: entry.after,
        createdAt: entry.createdAt.toISOString(),
      })),
    };
  }

  return { record, list };
}
