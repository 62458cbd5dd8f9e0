import {
  ADMIN_MESSAGES,
  AFTER_PURCHASE_MESSAGES,
  CHECKOUT_MESSAGES,
  shippingChargeOf,
  toDollars,
} from '@shopper/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderEvents, orders, refunds } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import { canChangeOrderStatus } from './order-status.ts';
import { restockItems } from './order-restock.ts';
import type { OrderRow } from './order-view.ts';
import { refundedSoFar, type RefundsService } from './refunds.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who asks: staff may cancel any order until it is delivered; a customer only their own, and only before it ships. */
export type Canceller = { by: 'staff'; id: string } | { by: 'customer'; id: string };

export type OrderCancellation = ReturnType<typeof createOrderCancellation>;

/**
 * Cancelling an order, for staff and customers alike (decisions 019 and 059). One transaction
 * locks the order row, checks who may cancel it and from which status, sets it Cancelled, puts the
 * stock back, writes the timeline event, the audit row and a pending refund keyed
 * `cancel-<orderId>`. The provider is asked after that commit. A ship racing the cancel waits on
 * the same row lock and finds the other's status, so an order ends cancelled or shipped, not both.
 */
export function createOrderCancellation({
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
  async function lock(tx: Database, who: Canceller, id: string): Promise<OrderRow> {
    const notFound = () =>
      new AppError('NOT_FOUND', who.by === 'staff' ? ADMIN_MESSAGES.orderNotFound : CHECKOUT_MESSAGES.orderNotFound);
    if (!UUID.test(id)) throw notFound();
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    // Someone else's order answers as if it did not exist.
    if (!row || (who.by === 'customer' && row.userId !== who.id)) throw notFound();
    if (who.by === 'customer' && row.status !== 'Processing') {
      throw new AppError('CONFLICT', AFTER_PURCHASE_MESSAGES.cancelNotAllowed(row.status));
    }
    if (!canChangeOrderStatus(row.status, 'Cancelled')) {
      throw new AppError('CONFLICT', CHECKOUT_MESSAGES.orderStatusChangeNotAllowed(row.status, 'Cancelled'));
    }
    return row;
  }

  /** Stock back and a pending refund in one transaction, then the refund; true when the money went back. */
  async function cancel(who: Canceller, id: string): Promise<{ order: OrderRow; isRefunded: boolean }> {
    const { order, refund } = await db.transaction(async (tx) => {
      const before = await lock(tx, who, id);
      const [after] = await tx
        .update(orders)
        .set({ status: 'Cancelled', updatedAt: clock() })
        .where(eq(orders.id, id))
        .returning();
      if (!after) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.orderNotFound);
      await restockItems(tx, catalog, after, 'all', 'cancellation', who.id);
      await tx
        .insert(orderEvents)
        .values({ orderId: id, kind: 'cancelled', actorId: who.id, data: { by: who.by }, createdAt: clock() });
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
                reason: who.by === 'customer' ? 'Order cancelled by the customer' : 'Order cancelled',
                idempotencyKey: `cancel-${id}`,
                actorId: who.id,
                createdAt: clock(),
                updatedAt: clock(),
              })
              .returning()
          : [];
      await audit.record(tx, {
        actorId: who.id,
        action: 'order.cancel',
        entity: 'order',
        entityId: id,
        before: { status: before.status },
        after: { status: 'Cancelled', refund: toDollars(amountCents), by: who.by },
      });
      if (!refundRow) await refundsService.mailCustomer(tx, after, { kind: 'cancelled', refundedAmount: 0 });
      return { order: after, refund: refundRow };
    });
    const isRefunded = refund ? await refundsService.settle(refund, order) : true;
    return { order, isRefunded };
  }

  return { cancel };
}
