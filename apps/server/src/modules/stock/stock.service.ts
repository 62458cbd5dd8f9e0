import {
  ADMIN_MESSAGES,
  type StockAdjustmentBodySchema,
  type StockMovement,
  type StockMovementsQuerySchema,
} from '@shopper/contract';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { orders, productSizes, stockMovements, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/index.ts';
import { setStockContext } from './stock-context.ts';

type Adjustment = z.output<typeof StockAdjustmentBodySchema>;
type MovementsQuery = z.output<typeof StockMovementsQuerySchema>;

export type StockService = ReturnType<typeof createStockService>;

/** Manual stock changes and the stock ledger (decision 019). */
export function createStockService({ db, audit }: { db: Database; audit: AuditService }) {
  const movementColumns = {
    movement: stockMovements,
    actor: { id: users.id, email: users.email, name: users.name },
    orderNumber: orders.orderNumber,
  };

  function toMovement(row: {
    movement: typeof stockMovements.$inferSelect;
    actor: { id: string; email: string; name: string } | null;
    orderNumber: string | null;
  }): StockMovement {
    const m = row.movement;
    return {
      id: m.id,
      productId: m.productId,
      size: m.size,
      delta: m.delta,
      stockAfter: m.stockAfter,
      reason: m.reason,
      note: m.note,
      actor: row.actor?.id ? row.actor : null,
      orderId: m.orderId,
      orderNumber: row.orderNumber,
      createdAt: m.createdAt.toISOString(),
    };
  }

  function movementsQuery(tx: Database, where: SQL | undefined) {
    return tx
      .select(movementColumns)
      .from(stockMovements)
      .leftJoin(users, eq(users.id, stockMovements.actorId))
      .leftJoin(orders, eq(orders.id, stockMovements.orderId))
      .where(where);
  }

  /** A size's stock changed by hand; the row is locked so a checkout running at once queues behind it. */
  async function adjust(actorId: string, change: Adjustment): Promise<StockMovement> {
    return db.transaction(async (tx) => {
      const sizeKey = and(eq(productSizes.productId, change.productId), eq(productSizes.size, change.size));
      const [row] = await tx.select().from(productSizes).where(sizeKey).for('update');
      if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.sizeNotFound(change.size));
      const next = change.quantity ?? row.stock + (change.delta ?? 0);
      if (next < 0) throw new AppError('CONFLICT', ADMIN_MESSAGES.stockBelowZero(change.size, row.stock));
      if (next === row.stock) throw new AppError('CONFLICT', ADMIN_MESSAGES.stockUnchanged);
      await setStockContext(tx, { reason: change.reason, note: change.note, actorId });
      await tx.update(productSizes).set({ stock: next }).where(sizeKey);
      await audit.record(tx, {
        actorId,
        action: 'stock.adjust',
        entity: 'product-size',
        entityId: `${change.productId}/${change.size}`,
        before: { stock: row.stock },
        after: { stock: next, reason: change.reason, note: change.note },
      });
      const [movement] = await movementsQuery(
        tx,
        and(eq(stockMovements.productId, change.productId), eq(stockMovements.size, change.size)),
      )
        .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
        .limit(1);
      if (!movement) throw new Error('the stock ledger trigger wrote no row');
      return toMovement(movement);
    });
  }

  async function movements(query: MovementsQuery): Promise<{ items: StockMovement[]; total: number }> {
    const where = and(
      eq(stockMovements.productId, query.productId),
      query.size ? eq(stockMovements.size, query.size) : undefined,
    );
    const order = query.dir === 'asc' ? asc : desc;
    const [rows, [totals]] = await Promise.all([
      movementsQuery(db, where)
        .orderBy(order(stockMovements.createdAt), order(stockMovements.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ total: count() }).from(stockMovements).where(where),
    ]);
    return { items: rows.map(toMovement), total: totals?.total ?? 0 };
  }

  return {
    adjust,
    movements,
  };
}
