import {
  AFTER_PURCHASE_MESSAGES as A,
  type Order,
  type OrderReturnsAnswer,
  type ReturnRequestBody,
} from '@shopper/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { returnRequestItems, returnRequests } from '../../db/after-purchase-schema.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { itemLabel } from '../catalog/index.ts';
import { enqueueMail } from '../mail/index.ts';
import type { OrdersService } from '../orders/index.ts';
import { returnMail, type ReturnMailKind } from './return-mail.ts';
import { customerReturns, type ReturnRow } from './return-view.ts';

const DAY_MS = 86_400_000;

export type ReturnsService = ReturnType<typeof createReturnsService>;

/** The customer's side of returns (docs/after-purchase.md#returns): see them, and ask for one within the window. */
export function createReturnsService({
  db,
  clock,
  orders,
  returnWindowDays,
  publicUrl,
}: {
  db: Database;
  clock: () => Date;
  orders: Pick<OrdersService, 'getForUser'>;
  returnWindowDays: () => Promise<number>;
  publicUrl: string;
}) {
  /** Two requests for one order are checked one after the other: a lock on the order's returns, not its row. */
  const lockOrderReturns = (tx: Database, orderId: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`returns:${orderId}`}))`);

  /** Per order line, what returns not refused already ask for. */
  async function askedSoFar(tx: Database, orderId: string): Promise<Map<string, number>> {
    const rows = await tx
      .select({
        itemId: returnRequestItems.orderItemId,
        quantity: sql<number>`sum(${returnRequestItems.quantity})`.mapWith(Number),
      })
      .from(returnRequestItems)
      .innerJoin(returnRequests, eq(returnRequests.id, returnRequestItems.returnId))
      .where(and(eq(returnRequests.orderId, orderId), ne(returnRequests.status, 'refused')))
      .groupBy(returnRequestItems.orderItemId);
    return new Map(rows.map((r) => [r.itemId, r.quantity]));
  }

  /** The last moment returns are accepted: the window's days after delivery. */
  function windowEnd(order: Order, days: number): Date | null {
    if (order.orderStatus !== 'Delivered') return null;
    return new Date(new Date(order.deliveredAt ?? order.createdAt).getTime() + days * DAY_MS);
  }

  async function mailCustomer(tx: Database, row: ReturnRow, orderNumber: string, change: ReturnMailKind) {
    const [customer] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (!customer) return;
    const link = `${publicUrl}/order-confirmation/${row.orderId}`;
    await enqueueMail(
      tx,
      returnMail({
        to: customer.email,
        name: customer.name,
        returnNumber: row.returnNumber,
        orderNumber,
        link,
        change,
      }),
    );
  }

  async function forOrder(userId: string, orderId: string): Promise<Omit<OrderReturnsAnswer, 'success'>> {
    const order = await orders.getForUser(userId, orderId);
    const days = await returnWindowDays();
    const end = windowEnd(order, days);
    const isOpen = end !== null && clock() <= end;
    const asked = await askedSoFar(db, order._id);
    const rows = await db
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order._id))
      .orderBy(asc(returnRequests.createdAt));
    return {
      windowDays: days,
      returnableUntil: end?.toISOString() ?? null,
      returnable: order.items.map((item) => ({
        itemId: item._id,
        quantity: isOpen ? Math.max(0, item.quantity - (asked.get(item._id) ?? 0)) : 0,
      })),
      returns: await customerReturns(db, rows),
    };
  }

  async function request(userId: string, orderId: string, body: ReturnRequestBody) {
    const order = await orders.getForUser(userId, orderId);
    if (order.orderStatus !== 'Delivered') throw new AppError('CONFLICT', A.returnNeedsDelivered);
    const days = await returnWindowDays();
    const end = windowEnd(order, days);
    if (!end || clock() > end) throw new AppError('CONFLICT', A.returnWindowClosed(days));
    const row = await db.transaction(async (tx) => {
      await lockOrderReturns(tx, order._id);
      const asked = await askedSoFar(tx, order._id);
      const thisTime = new Map<string, number>();
      body.items.forEach((line, index) => {
        const item = order.items.find((i) => i._id === line.itemId);
        if (!item) {
          throw new AppError('VALIDATION_FAILED', A.returnItemUnknown, [
            { param: `items.${index}.itemId`, msg: A.returnItemUnknown },
          ]);
        }
        const total = (thisTime.get(item._id) ?? 0) + line.quantity;
        thisTime.set(item._id, total);
        const left = Math.max(0, item.quantity - (asked.get(item._id) ?? 0));
        if (total > left) {
          const message = A.returnTooMany(`${itemLabel(item.name, item.colourName)} (${item.size})`, left);
          throw new AppError('VALIDATION_FAILED', message, [{ param: `items.${index}.quantity`, msg: message }]);
        }
      });
      const [inserted] = await tx
        .insert(returnRequests)
        .values({
          returnNumber: sql`'RT-' || nextval('return_number_seq')`,
          orderId: order._id,
          userId,
          reason: body.reason,
          createdAt: clock(),
          updatedAt: clock(),
        })
        .returning();
      if (!inserted) throw new Error('insert returned no return');
      await tx
        .insert(returnRequestItems)
        .values([...thisTime].map(([orderItemId, quantity]) => ({ returnId: inserted.id, orderItemId, quantity })));
      await mailCustomer(tx, inserted, order.orderNumber, { kind: 'requested', windowDays: days });
      return inserted;
    });
    const [view] = await customerReturns(db, [row]);
    return view!;
  }

  return { forOrder, request, mailCustomer };
}
