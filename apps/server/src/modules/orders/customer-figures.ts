import { count, inArray, max, min, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/**
 * Per customer, over every order they placed: how many, what they paid (gross), what came back
 * (refunds, so a cancelled order nets to 0) and when they first and last ordered. One grouped
 * subquery the users module joins on `userId`, so the orders table is read only here and the
 * customer list can sort on the figures in SQL. `userIds` narrows it to one page of customers, so
 * a list sorted on a users column reads only their orders (the `orders_user_created_idx` index).
 */
export function customerFigures(db: Database, userIds?: string[]) {
  return db
    .select({
      userId: orders.userId,
      orderCount: count().as('order_count'),
      grossCents: sql<number>`${sum(orders.totalCents)}::bigint`.as('gross_cents'),
      refundedCents: sql<number>`${sum(orders.refundedCents)}::bigint`.as('refunded_cents'),
      netCents: sql<number>`sum(${orders.totalCents} - ${orders.refundedCents})::bigint`.as('net_cents'),
      firstOrderAt: min(orders.createdAt).as('first_order_at'),
      lastOrderAt: max(orders.createdAt).as('last_order_at'),
    })
    .from(orders)
    .where(userIds ? inArray(orders.userId, userIds) : undefined)
    .groupBy(orders.userId)
    .as('customer_figures');
}
