import { ADMIN_MESSAGES } from '@shopper/contract';
import { and, eq, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, stockMovements } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CatalogService, itemLabel } from '../catalog/index.ts';
import { setStockContext } from '../stock/index.ts';
import { type OrderItemRow, type OrderRow, restockLines } from './order-view.ts';

export type RestockLine = { itemId: string; quantity: number };

/** What each line of the order has already put back on the shelves through returns (the ledger's 'return' rows). */
export async function returnedSoFar(tx: Database, orderId: string) {
  const rows = await tx
    .select({
      productId: stockMovements.productId,
      colourId: stockMovements.colourId,
      size: stockMovements.size,
      quantity: sum(stockMovements.delta),
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.reason, 'return')))
    .groupBy(stockMovements.productId, stockMovements.colourId, stockMovements.size);
  return (item: Pick<OrderItemRow, 'productId' | 'colourId' | 'size'>) =>
    Number(
      rows.find((r) => r.productId === item.productId && r.colourId === item.colourId && r.size === item.size)
        ?.quantity ?? 0,
    );
}

/**
 * The lines of a return, checked against what can still go back to stock: for each line, what
 * earlier returns of the order put back plus what this one asks, a line named twice counting
 * twice, stays within the quantity delivered. The caller holds the order's lock, so two returns at
 * once are checked one after the other.
 */
async function returnedLines(tx: Database, order: OrderRow, items: OrderItemRow[], lines: readonly RestockLine[]) {
  const alreadyBack = await returnedSoFar(tx, order.id);
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

/** Puts an order's items back on the shelves, all of them or the chosen lines, with the ledger saying why. */
export async function restockItems(
  tx: Database,
  catalog: CatalogService,
  order: OrderRow,
  lines: readonly RestockLine[] | 'all',
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
