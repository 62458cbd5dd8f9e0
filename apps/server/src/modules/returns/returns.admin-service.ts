import {
  AFTER_PURCHASE_MESSAGES as A,
  type AdminReturn,
  type AdminReturnsQuerySchema,
  type ReturnStatus,
  toCents,
  toDollars,
} from '@shopper/contract';
import { asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { returnRequestItems, returnRequests } from '../../db/after-purchase-schema.ts';
import type { Database } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/index.ts';
import type { OrdersAdminService } from '../orders/index.ts';
import type { ReturnMailKind } from './return-mail.ts';
import { adminReturns, type ReturnRow, returnValueCents } from './return-view.ts';
import type { ReturnsService } from './returns.service.ts';

type ListQuery = z.output<typeof AdminReturnsQuerySchema>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** requested → approved | refused; approved → received; received → refunding → refunded. */
const NEXT: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'refused'],
  approved: ['received'],
  refused: [],
  received: ['refunding'],
  refunding: ['refunded', 'received'],
  refunded: [],
};

export type ReturnsAdminService = ReturnType<typeof createReturnsAdminService>;

/**
 * Staff's side of returns (decision 059): the list to act on, and each step under the return's
 * row lock, so two clicks give one outcome. The refund goes through the orders module's refund
 * code, with its bounds (never more than paid, never restocking more than bought) and its retry.
 */
export function createReturnsAdminService({
  db,
  clock,
  audit,
  returns,
  ordersAdmin,
}: {
  db: Database;
  clock: () => Date;
  audit: AuditService;
  returns: Pick<ReturnsService, 'mailCustomer'>;
  ordersAdmin: Pick<OrdersAdminService, 'refund'>;
}) {
  const notFound = () => new AppError('NOT_FOUND', A.returnNotFound);

  async function view(id: string, executor: Database = db): Promise<AdminReturn> {
    const [row] = await executor.select().from(returnRequests).where(eq(returnRequests.id, id));
    if (!row) throw notFound();
    const [answer] = await adminReturns(executor, [row]);
    return answer!;
  }

  async function list(query: ListQuery) {
    const where: SQL | undefined = query.status ? eq(returnRequests.status, query.status) : undefined;
    const order = query.dir === 'asc' ? asc : desc;
    const sortColumn = query.sort === 'status' ? returnRequests.status : returnRequests.createdAt;
    const [rows, [totals]] = await Promise.all([
      db
        .select()
        .from(returnRequests)
        .where(where)
        .orderBy(order(sortColumn), order(returnRequests.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ total: count() }).from(returnRequests).where(where),
    ]);
    return { total: totals?.total ?? 0, items: await adminReturns(db, rows) };
  }

  /** Locks the return, checks the move, writes it with the audit row and the customer's mail. */
  async function move(
    actorId: string,
    id: string,
    to: ReturnStatus,
    change: { staffMessage?: string; mail?: ReturnMailKind; refundId?: string; restocked?: number },
    executor: Database,
  ): Promise<ReturnRow> {
    if (!UUID.test(id)) throw notFound();
    const [row] = await executor.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update');
    if (!row) throw notFound();
    if (!NEXT[row.status].includes(to)) {
      throw new AppError('CONFLICT', A.returnStatusChangeNotAllowed(row.status, to));
    }
    const [after] = await executor
      .update(returnRequests)
      .set({
        status: to,
        updatedAt: clock(),
        ...(change.staffMessage !== undefined ? { staffMessage: change.staffMessage || null } : {}),
        ...(change.refundId ? { refundId: change.refundId } : {}),
        ...(change.restocked !== undefined ? { restocked: change.restocked } : {}),
      })
      .where(eq(returnRequests.id, id))
      .returning();
    await audit.record(executor, {
      actorId,
      action: `return.${to}`,
      entity: 'return',
      entityId: id,
      before: { status: row.status },
      after: { status: to, ...(change.staffMessage ? { message: change.staffMessage } : {}) },
    });
    if (change.mail) {
      const [order] = await executor.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, row.orderId));
      await returns.mailCustomer(executor, after!, order?.n ?? '', change.mail);
    }
    return after!;
  }

  const step = (actorId: string, id: string, to: ReturnStatus, change: Parameters<typeof move>[3]) =>
    db.transaction(async (tx) => {
      await move(actorId, id, to, change, tx);
      return view(id, tx);
    });

  /**
   * The money back, through the orders module's refund of a return. The return turns 'refunding'
   * first, in its own transaction, so a second click is refused; if the refund code refuses (more
   * than is left, say), the return goes back to 'received' with nothing written.
   */
  async function refund(actorId: string, id: string, body: { restock: boolean; amount?: number | undefined }) {
    const row = await db.transaction((tx) => move(actorId, id, 'refunding', {}, tx));
    try {
      const lines = await db
        .select({
          itemId: returnRequestItems.orderItemId,
          quantity: returnRequestItems.quantity,
          unitPriceCents: orderItems.unitPriceCents,
        })
        .from(returnRequestItems)
        .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
        .where(eq(returnRequestItems.returnId, id));
      const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
      const cents = body.amount !== undefined ? toCents(body.amount) : returnValueCents(order!, lines);
      const answer = await ordersAdmin.refund(actorId, row.orderId, {
        amount: toDollars(cents),
        refundShipping: false,
        reason: `Return ${row.returnNumber}`,
        restock: body.restock ? lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity })) : [],
      });
      const refundRow = answer.order.refunds.at(-1);
      await db.transaction((tx) =>
        move(
          actorId,
          id,
          'refunded',
          {
            ...(refundRow ? { refundId: refundRow.id } : {}),
            restocked: body.restock ? lines.reduce((sum, l) => sum + l.quantity, 0) : 0,
          },
          tx,
        ),
      );
      return { isRefunded: answer.isRefunded, amount: toDollars(cents), return: await view(id) };
    } catch (error) {
      await db.transaction((tx) => move(actorId, id, 'received', {}, tx));
      throw error;
    }
  }

  return {
    list,
    detail: async (id: string) => {
      if (!UUID.test(id)) throw notFound();
      return view(id);
    },
    approve: (actorId: string, id: string, message: string) =>
      step(actorId, id, 'approved', { staffMessage: message, mail: { kind: 'approved', message } }),
    refuse: (actorId: string, id: string, message: string) =>
      step(actorId, id, 'refused', { staffMessage: message, mail: { kind: 'refused', message } }),
    receive: (actorId: string, id: string) => step(actorId, id, 'received', { mail: { kind: 'received' } }),
    refund,
  };
}
