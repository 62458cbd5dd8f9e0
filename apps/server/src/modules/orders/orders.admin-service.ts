import {
  ADMIN_MESSAGES,
  type AdminOrder,
  type AdminOrdersQuerySchema,
  CHECKOUT_MESSAGES,
  formatUsd,
  type OrderStatus,
  type RefundOrderBodySchema,
  refundShares,
  shippingChargeOf,
  toCents,
  toDollars,
} from '@shopper/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { orderEvents, orderItems, orders, refunds, stockMovements, users } from '../../db/schema.ts';
import { likePattern } from '../../lib/admin-page.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/index.ts';
import { type CatalogService, itemLabel } from '../catalog/index.ts';
import { setStockContext } from '../stock/index.ts';
import { canChangeOrderStatus } from './order-status.ts';
import { type OrderRow, restockLines, toOrderView } from './order-view.ts';
import { refundedSoFar, type RefundsService } from './refunds.service.ts';

type ListQuery = z.output<typeof AdminOrdersQuerySchema>;
type RefundBody = z.output<typeof RefundOrderBodySchema>;
type RestockLine = RefundBody['restock'][number];
type OrderItemRow = typeof orderItems.$inferSelect;

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
}: {
  db: Database;
  clock: () => Date;
  audit: AuditService;
  catalog: CatalogService;
  refunds: RefundsService;
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
        .select({ order: orders, customer: actorColumns, itemCount })
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
      .select({ order: orders, customer: actorColumns })
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

  /**
   * The lines of a return, checked against what can still go back to stock: for each line, what
   * earlier returns of the order put back (their 'return' rows in the stock ledger) plus what this
   * one asks, a line named twice counting twice, stays within the quantity delivered. The caller
   * holds the order's lock, so two returns at once are checked one after the other.
   */
  async function returnedLines(tx: Database, order: OrderRow, items: OrderItemRow[], lines: RestockLine[]) {
    const returned = await tx
      .select({
        productId: stockMovements.productId,
        colourId: stockMovements.colourId,
        size: stockMovements.size,
        quantity: sum(stockMovements.delta),
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order.id), eq(stockMovements.reason, 'return')))
      .groupBy(stockMovements.productId, stockMovements.colourId, stockMovements.size);
    const alreadyBack = (item: OrderItemRow) =>
      Number(
        returned.find((r) => r.productId === item.productId && r.colourId === item.colourId && r.size === item.size)
          ?.quantity ?? 0,
      );
    const asked = new Map<OrderItemRow, number>();
    return lines.map((line, index) => {
      const item = items.find((i) => i.id === line.itemId);
      if (!item || line.quantity > item.quantity)
        throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.restockQuantityInvalid);
      const total = (asked.get(item) ?? 0) + line.quantity;
      asked.set(item, total);
      const left = Math.max(0, item.quantity - alreadyBack(item));
      if (total > left) {
        const message = ADMIN_MESSAGES.restockTooLarge(itemLabel(item.name, item.colourName), item.size, left);
        throw new AppError('VALIDATION_FAILED', message, [{ param: `restock.${index}.quantity`, msg: message }]);
      }
      return { item, quantity: line.quantity };
    });
  }

  async function restockItems(
    tx: Database,
    order: OrderRow,
    lines: RestockLine[] | 'all',
    reason: 'cancellation' | 'return',
    actorId: string,
  ) {
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const chosen =
      lines === 'all'
        ? items.map((i) => ({ item: i, quantity: i.quantity }))
        : await returnedLines(tx, order, items, lines);
    await setStockContext(tx, { reason, orderId: order.id, actorId, note: `${reason} of ${order.orderNumber}` });
    await catalog.restock(tx, restockLines(chosen));
  }

  /** Cancels a Processing or Shipped order: status, stock back and a pending refund in one transaction, then the refund. */
  async function cancel(actorId: string, id: string): Promise<{ order: AdminOrder; isRefunded: boolean }> {
    const { order, refund } = await db.transaction(async (tx) => {
      const before = await lockForChange(tx, id, 'Cancelled');
      const [after] = await tx
        .update(orders)
        .set({ status: 'Cancelled', updatedAt: clock() })
        .where(eq(orders.id, id))
        .returning();
      if (!after) throw notFound();
      await restockItems(tx, after, 'all', 'cancellation', actorId);
      await tx.insert(orderEvents).values({ orderId: id, kind: 'cancelled', actorId, data: {}, createdAt: clock() });
      const amountCents = after.totalCents - after.refundedCents;
      // A cancellation gives back everything left, so its shares are the tax and shipping not yet refunded.
      const so = await refundedSoFar(tx, id);
      const shares = {
        taxCents: Math.max(0, after.taxCents - so.taxCents),
        shippingCents: Math.max(0, shippingChargeOf(after) - so.shippingCents),
      };
      const [refundRow] =
        amountCents > 0
          ? await tx
              .insert(refunds)
              .values({
                orderId: id,
                amountCents,
                ...shares,
                reason: 'Order cancelled',
                idempotencyKey: `cancel-${id}`,
                actorId,
                createdAt: clock(),
                updatedAt: clock(),
              })
              .returning()
          : [];
      await audit.record(tx, {
        actorId,
        action: 'order.cancel',
        entity: 'order',
        entityId: id,
        before: { status: before.status },
        after: { status: 'Cancelled', refund: toDollars(amountCents) },
      });
      if (!refundRow) await refundsService.mailCustomer(tx, after, { kind: 'cancelled', refundedAmount: 0 });
      return { order: after, refund: refundRow };
    });
    const isRefunded = refund ? await refundsService.settle(refund, order) : true;
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
      if (body.restock.length > 0) await restockItems(tx, row, body.restock, 'return', actorId);
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
