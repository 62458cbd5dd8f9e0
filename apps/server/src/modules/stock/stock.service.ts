import {
  ADMIN_MESSAGES,
  STOCK_QUANTITY_MAX,
  type StockAdjustmentBodySchema,
  type StockMovement,
  type StockMovementsQuerySchema,
} from '@shopper/contract';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { orders, productColours, productSizes, stockMovements, users } from '../../db/schema.ts';
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
    colourName: productColours.name,
  };

  function toMovement(row: {
    movement: typeof stockMovements.$inferSelect;
    actor: { id: string; email: string; name: string } | null;
    orderNumber: string | null;
    colourName: string | null;
  }): StockMovement {
    const m = row.movement;
    return {
      id: m.id,
      productId: m.productId,
      colourId: m.colourId,
      colourName: row.colourName ?? '',
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
      .leftJoin(productColours, eq(productColours.id, stockMovements.colourId))
      .where(where);
  }

  /**
   * The colour an adjustment is for: the one named, or the product's only colour. A product in
   * several colours refuses a change that names none, since stock guessed onto the wrong colour is
   * worse than a refusal (decision 043); hidden colours count, their stock is still on the shelf.
   */
  async function colourFor(tx: Database, change: Adjustment): Promise<{ id: string; name: string; label: string }> {
    const colours = await tx
      .select({ id: productColours.id, name: productColours.name })
      .from(productColours)
      .where(eq(productColours.productId, change.productId));
    const named = (colour: { id: string; name: string }) => ({
      ...colour,
      // A product in one colour keeps the size-only texts; one in several names the colour too.
      label: colours.length > 1 ? `${change.size} (${colour.name})` : change.size,
    });
    if (change.colourId !== undefined) {
      const colour = colours.find((c) => c.id === change.colourId);
      if (!colour) {
        throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.colourNotFound, [
          { param: 'colourId', msg: ADMIN_MESSAGES.colourNotFound },
        ]);
      }
      return named(colour);
    }
    if (colours.length > 1) {
      throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.colourRequired, [
        { param: 'colourId', msg: ADMIN_MESSAGES.colourRequired },
      ]);
    }
    const [only] = colours;
    if (!only) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.sizeNotFound(change.size));
    return named(only);
  }

  /** A variant's stock changed by hand; the row is locked so a checkout running at once queues behind it. */
  async function adjust(actorId: string, change: Adjustment): Promise<StockMovement & { label: string }> {
    return db.transaction(async (tx) => {
      const colour = await colourFor(tx, change);
      const sizeKey = and(
        eq(productSizes.productId, change.productId),
        eq(productSizes.colourId, colour.id),
        eq(productSizes.size, change.size),
      );
      const [row] = await tx.select().from(productSizes).where(sizeKey).for('update');
      if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.sizeNotFound(colour.label));
      const next = change.quantity ?? row.stock + (change.delta ?? 0);
      if (next < 0) throw new AppError('CONFLICT', ADMIN_MESSAGES.stockBelowZero(colour.label, row.stock));
      // A larger stock would be exported into a catalog file that its own import refuses.
      if (next > STOCK_QUANTITY_MAX) {
        throw new AppError('CONFLICT', ADMIN_MESSAGES.stockAboveMax(colour.label, row.stock, STOCK_QUANTITY_MAX));
      }
      if (next === row.stock) throw new AppError('CONFLICT', ADMIN_MESSAGES.stockUnchanged);
      await setStockContext(tx, { reason: change.reason, note: change.note, actorId });
      await tx.update(productSizes).set({ stock: next }).where(sizeKey);
      await audit.record(tx, {
        actorId,
        action: 'stock.adjust',
        entity: 'product-size',
        entityId: `${change.productId}/${colour.id}/${change.size}`,
        before: { stock: row.stock },
        after: { stock: next, reason: change.reason, note: change.note },
      });
      const [movement] = await movementsQuery(
        tx,
        and(
          eq(stockMovements.productId, change.productId),
          eq(stockMovements.colourId, colour.id),
          eq(stockMovements.size, change.size),
        ),
      )
        .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
        .limit(1);
      if (!movement) throw new Error('the stock ledger trigger wrote no row');
      return { ...toMovement(movement), label: colour.label };
    });
  }

  async function movements(query: MovementsQuery): Promise<{ items: StockMovement[]; total: number }> {
    const where = and(
      eq(stockMovements.productId, query.productId),
      query.colourId ? eq(stockMovements.colourId, query.colourId) : undefined,
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
