import {
  ADMIN_MESSAGES,
  type AdminOrder,
  type AdminOrdersQuerySchema,
  CHECKOUT_MESSAGES,
  formatUsd,
  type OrderStatus,
  type RefundOrderBodySchema,
  refundShares,
  toCents,
  toDollars,
} from '@shopper/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { orderEvents, orderItems, orders, refunds, users } from '../../db/schema.ts';
import { likePattern } from '../../lib/admin-page.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { OrderCancellation } from './order-cancellation.ts';
import { restockItems } from './order-restock.ts';
import { canChangeOrderStatus } from './order-status.ts';
import { type OrderRow, toOrderView } from './order-view.ts';
import { refundedSoFar, type RefundsService } from './refunds.service.ts';

type ListQuery = z.output<typeof AdminOrdersQuerySchema>;
type RefundBody = z.output<typeof RefundOrderBodySchema>;

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const actorColumns = { id: users.id, email: users.email, name: users.name };
const SORTS = {
  createdAt: orders.createdAt,
  total: orders.totalCents,
  orderNumber: sql`cast(substring(${orders.orderNumber} from 4) as bigint)`,
  status: orders.status,
} as const;

export type OrdersAdminService = ReturnType<typeof createOrdersAdminService>;

/**
 * The back office's side of orders (decision 019): list and detail, ship, deliver, cancel with
 * refund and restock, and returns. Every change locks the order row and checks its status in one
 * transaction, so two staff clicking at once get one outcome; money goes back through the
 * provider after that commit, under an idempotency key stored before the call (refunds.service.ts).
 */
export function createOrdersAdminService({
  db,
  clock,
  audit,
  catalog,
  refunds: refundsService,
  cancellation,
}: {
  db: Database;
  clock: () => Date;
  audit: AuditService;
  catalog: CatalogService;
  refunds: RefundsService;
  cancellation: OrderCancellation;
}) {
  const notFound = () => new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);

  async function list(query: ListQuery) {
    const conditions: (SQL | undefined)[] = [
      query.status ? eq(orders.status, query.status) : undefined,
      query.from ? gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
      query.to ? lt(orders.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)) : undefined,
      query.customerId ? eq(orders.userId, query.customerId) : undefined,
      query.q
        ? or(ilike(orders.orderNumber, likePattern(query.q)), ilike(users.email, likePattern(query.q)))
        : undefined,
    ];
    const where = and(...conditions);
    const order = query.dir === 'asc' ? asc : desc;
    const itemCount =
      sql<number>`(select coalesce(sum(${orderItems.quantity}), 0) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`.mapWith(
        Number,
      );
    const [rows, [totals]] = await Promise.all([
      db
        .select({ order: orders, customer: actorColumns, guest: users.guest, itemCount })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(where)
        .orderBy(order(SORTS[query.sort]), order(orders.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ total: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(where),
    ]);
    return {
      total: totals?.total ?? 0,
      items: rows.map((r) => ({
        id: r.order.id,
        orderNumber: r.order.orderNumber,
        createdAt: r.order.createdAt.toISOString(),
        status: r.order.status,
        customer: r.customer?.id ? r.customer : null,
        guest: r.guest ?? false,
        totalAmount: toDollars(r.order.totalCents),
        refundedAmount: toDollars(r.order.refundedCents),
        itemCount: r.itemCount,
        paymentStatus: r.order.paymentStatus,
      })),
    };
  }

  async function detail(id: string, executor: Database = db): Promise<AdminOrder> {
    if (!UUID.test(id)) throw notFound();
    const [row] = await executor
      .select({ order: orders, customer: actorColumns, guest: users.guest })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, id));
    if (!row) throw notFound();
    const [items, events, refundRows] = await Promise.all([
      executor
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, id))
        .orderBy(asc(orderItems.name), asc(orderItems.colourName), asc(orderItems.size)),
      executor
        .select({ event: orderEvents, actor: actorColumns })
        .from(orderEvents)
        .leftJoin(users, eq(users.id, orderEvents.actorId))
        .where(eq(orderEvents.orderId, id))
        .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
      executor.select().from(refunds).where(eq(refunds.orderId, id)).orderBy(asc(refunds.createdAt)),
    ]);
    return {
      ...toOrderView(row.order, items, { events: events.map((e) => e.event), refunds: refundRows }),
      customer: row.customer?.id ? row.customer : null,
      guest: row.guest ?? false,
      timeline: [
        { kind: 'placed' as const, actor: null, data: {}, createdAt: row.order.createdAt.toISOString() },
        ...events.map((e) => ({
          kind: e.event.kind,
          actor: e.actor?.id ? e.actor : null,
          data: e.event.data as Record<string, unknown>,
          createdAt: e.event.createdAt.toISOString(),
        })),
      ],
      refunds: refundRows.map((r) => ({
        id: r.id,
        amount: toDollars(r.amountCents),
        taxAmount: toDollars(r.taxCents),
        shippingAmount: toDollars(r.shippingCents),
        reason: r.reason,
        status: r.status,
        providerRefundId: r.providerRefundId,
        lastError: r.lastError,
        attempts: r.attempts,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** Locks the order and checks the move is allowed; the caller writes the change in the same transaction. */
  async function lockForChange(tx: Database, id: string, to: OrderStatus): Promise<OrderRow> {
    if (!UUID.test(id)) throw notFound();
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw notFound();
    if (!canChangeOrderStatus(row.status, to)) {
      throw new AppError('CONFLICT', CHECKOUT_MESSAGES.orderStatusChangeNotAllowed(row.status, to));
    }
    return row;
  }

  async function move(
    actorId: string,
    id: string,
    to: 'Shipped' | 'Delivered',
    extra: { carrier?: string; trackingNumber?: string },
  ): Promise<AdminOrder> {
    return db.transaction(async (tx) => {
      const before = await lockForChange(tx, id, to);
      const [after] = await tx
        .update(orders)
        .set({ status: to, ...extra, updatedAt: clock() })
        .where(eq(orders.id, id))
        .returning();
      if (!after) throw notFound();
      await tx.insert(orderEvents).values({
        orderId: id,
        kind: to === 'Shipped' ? 'shipped' : 'delivered',
        actorId,
        data: extra,
        createdAt: clock(),
      });
      await audit.record(tx, {
        actorId,
        action: to === 'Shipped' ? 'order.ship' : 'order.deliver',
        entity: 'order',
        entityId: id,
        before: { status: before.status },
        after: { status: to, ...extra },
      });
      await refundsService.mailCustomer(
        tx,
        after,
        to === 'Shipped'
          ? { kind: 'shipped', carrier: extra.carrier ?? '', trackingNumber: extra.trackingNumber ?? '' }
          : { kind: 'delivered' },
      );
      return detail(id, tx);
    });
  }

  /** Cancels a Processing or Shipped order: status, stock back and a pending refund in one transaction, then the refund. */
  async function cancel(actorId: string, id: string): Promise<{ order: AdminOrder; isRefunded: boolean }> {
    const { isRefunded } = await cancellation.cancel({ by: 'staff', id: actorId }, id);
    return { order: await detail(id), isRefunded };
  }

  /** A return: part or all of a delivered order's money back, with the items that came back restocked. */
  async function refund(
    actorId: string,
    id: string,
    body: RefundBody,
  ): Promise<{ order: AdminOrder; isRefunded: boolean }> {
    if (!UUID.test(id)) throw notFound();
    const amountCents = toCents(body.amount);
    const { order, refundRow } = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!row) throw notFound();
      if (row.status !== 'Delivered') throw new AppError('CONFLICT', ADMIN_MESSAGES.returnsNeedDelivered);
      const [pending] = await tx
        .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number) })
        .from(refunds)
        .where(and(eq(refunds.orderId, id), inArray(refunds.status, ['pending', 'failed'])));
      const left = row.totalCents - row.refundedCents - (pending?.cents ?? 0);
      const shares = refundShares(row, await refundedSoFar(tx, id), amountCents, body.refundShipping);
      if ('problem' in shares && shares.problem === 'shipping-refunded') {
        throw new AppError('CONFLICT', ADMIN_MESSAGES.shippingAlreadyRefunded, [
          { param: 'refundShipping', msg: ADMIN_MESSAGES.shippingAlreadyRefunded },
        ]);
      }
      if ('problem' in shares || shares.amountCents > left) {
        const goodsLeft = 'problem' in shares && shares.problem === 'too-large' ? shares.goodsLeftCents : left;
        throw new AppError(
          'CONFLICT',
          ADMIN_MESSAGES.refundTooLarge(formatUsd(toDollars(Math.max(0, Math.min(left, goodsLeft))))),
        );
      }
      if (body.restock.length > 0) await restockItems(tx, catalog, row, body.restock, 'return', actorId);
      const [inserted] = await tx
        .insert(refunds)
        .values({
          orderId: id,
          ...shares,
          reason: body.reason,
          idempotencyKey: `return-${crypto.randomUUID()}`,
          actorId,
          createdAt: clock(),
          updatedAt: clock(),
        })
        .returning();
      if (!inserted) throw new Error('insert returned no refund');
      await audit.record(tx, {
        actorId,
        action: 'order.refund',
        entity: 'order',
        entityId: id,
        before: { refunded: toDollars(row.refundedCents) },
        after: {
          refund: toDollars(shares.amountCents),
          tax: toDollars(shares.taxCents),
          shipping: toDollars(shares.shippingCents),
          reason: body.reason,
          restock: body.restock,
        },
      });
      return { order: row, refundRow: inserted };
    });
    const isRefunded = await refundsService.settle(refundRow, order);
    return { order: await detail(id), isRefunded };
  }

  return {
    list,
    detail: (id: string) => detail(id),
    ship: (actorId: string, id: string, ship: { carrier: string; trackingNumber: string }) =>
      move(actorId, id, 'Shipped', ship),
    deliver: (actorId: string, id: string) => move(actorId, id, 'Delivered', {}),
    cancel,
    refund,
    retryRefund: async (actorId: string, id: string, refundId: string) => {
      const { isRefunded } = await refundsService.retry(actorId, id, refundId);
      return { order: await detail(id), isRefunded };
    },
  };
}
