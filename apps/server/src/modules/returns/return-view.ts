import { type AdminReturn, type Return, toDollars } from '@shopper/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { returnRequestItems, type returnRequests } from '../../db/after-purchase-schema.ts';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, refunds, users } from '../../db/schema.ts';

export type ReturnRow = typeof returnRequests.$inferSelect;

/** The lines of some returns with the names the order kept, read-only from the order's items. */
async function linesOf(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      returnId: returnRequestItems.returnId,
      itemId: returnRequestItems.orderItemId,
      quantity: returnRequestItems.quantity,
      name: orderItems.name,
      colourName: orderItems.colourName,
      size: orderItems.size,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(returnRequestItems)
    .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
    .where(inArray(returnRequestItems.returnId, [...ids]))
    .orderBy(asc(orderItems.name), asc(orderItems.size));
}

type OrderMoney = Pick<
  typeof orders.$inferSelect,
  'totalCents' | 'itemsPriceCents' | 'shippingCents' | 'shippingTaxCents' | 'pricesIncludeTax'
>;

/**
 * What a return's lines are worth of what the customer paid: their share of the goods' money
 * (after any discount, with their tax), in the order's own proportion. The refund code still
 * bounds it by what is left on the order.
 */
export function returnValueCents(order: OrderMoney, lines: readonly { unitPriceCents: number; quantity: number }[]) {
  const goodsPool = order.totalCents - order.shippingCents - (order.pricesIncludeTax ? 0 : order.shippingTaxCents);
  const linesCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  if (order.itemsPriceCents <= 0) return 0;
  return Math.min(goodsPool, Math.round((goodsPool * linesCents) / order.itemsPriceCents));
}

/** Returns as their customer sees them, oldest first. */
export async function customerReturns(db: Database, rows: readonly ReturnRow[]): Promise<Return[]> {
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  const refundIds = rows.map((r) => r.refundId).filter((id): id is string => id !== null);
  const refundRows = refundIds.length
    ? await db
        .select({ id: refunds.id, amountCents: refunds.amountCents, status: refunds.status })
        .from(refunds)
        .where(inArray(refunds.id, refundIds))
    : [];
  return rows.map((row) => {
    const refund = refundRows.find((r) => r.id === row.refundId);
    return {
      id: row.id,
      returnNumber: row.returnNumber,
      status: row.status,
      reason: row.reason,
      staffMessage: row.staffMessage,
      items: lines
        .filter((l) => l.returnId === row.id)
        .map((l) => ({ itemId: l.itemId, name: l.name, colourName: l.colourName, size: l.size, quantity: l.quantity })),
      refundedAmount: refund?.status === 'succeeded' ? toDollars(refund.amountCents) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** Returns as staff see them: with the order, its customer and what the refund step suggests. */
export async function adminReturns(db: Database, rows: readonly ReturnRow[]): Promise<AdminReturn[]> {
  const views = await customerReturns(db, rows);
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const orderRows = orderIds.length
    ? await db
        .select({ order: orders, customer: { id: users.id, email: users.email, name: users.name } })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(inArray(orders.id, orderIds))
    : [];
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return views.map((view, index) => {
    const row = rows[index]!;
    const found = orderRows.find((o) => o.order.id === row.orderId);
    return {
      ...view,
      orderId: row.orderId,
      orderNumber: found?.order.orderNumber ?? '',
      customer: found?.customer?.id ? found.customer : null,
      suggestedAmount: found
        ? toDollars(
            returnValueCents(
              found.order,
              lines.filter((l) => l.returnId === row.id),
            ),
          )
        : 0,
    };
  });
}
