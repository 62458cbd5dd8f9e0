import { CHECKOUT_MESSAGES } from '@shopper/contract';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productSizes } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { itemLabel } from './product-colours.ts';

/**
 * One line of an order as stock sees it: a variant (product, colour, size). `colourName` is '' when
 * the line has no colour to name (a product in one colour); messages name the colour otherwise.
 */
export type StockLine = {
  productId: string;
  colourId: string;
  size: string;
  quantity: number;
  name: string;
  colourName: string;
};

/** A variant ran out: checkout turns it into the customer's message and releases the payment. */
export class OutOfStockError extends AppError {
  readonly line: StockLine;
  readonly available: number;

  constructor(line: StockLine, available: number) {
    super('CONFLICT', CHECKOUT_MESSAGES.notEnoughStock(itemLabel(line.name, line.colourName), line.size, available));
    this.name = 'OutOfStockError';
    this.line = line;
    this.available = available;
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Same variant once, quantities summed, in (productId, colourId, size) order: every locker takes
 * the rows in one order.
 */
function mergeLines(lines: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const key = `${line.productId}\u0000${line.colourId}\u0000${line.size}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()].sort(
    (a, b) => compare(a.productId, b.productId) || compare(a.colourId, b.colourId) || compare(a.size, b.size),
  );
}

const variantKey = (line: Pick<StockLine, 'productId' | 'colourId' | 'size'>) =>
  and(
    eq(productSizes.productId, line.productId),
    eq(productSizes.colourId, line.colourId),
    eq(productSizes.size, line.size),
  );

/**
 * Takes the lines out of stock inside the caller's transaction, so no variant is ever sold beyond
 * its stock. The rows are locked `for update` in one fixed order so concurrent checkouts queue
 * instead of deadlocking; nothing is written unless every line fits. Callers clear the catalog read
 * cache after their commit.
 */
export async function reserveStock(tx: Database, lines: readonly StockLine[]): Promise<void> {
  const wanted = mergeLines(lines);
  if (wanted.length === 0) return;
  const locked = await tx
    .select({
      productId: productSizes.productId,
      colourId: productSizes.colourId,
      size: productSizes.size,
      stock: productSizes.stock,
    })
    .from(productSizes)
    .where(or(...wanted.map(variantKey)))
    .orderBy(asc(productSizes.productId), asc(productSizes.colourId), asc(productSizes.size))
    .for('update');
  for (const line of wanted) {
    const row = locked.find(
      (r) => r.productId === line.productId && r.colourId === line.colourId && r.size === line.size,
    );
    const available = row?.stock ?? 0;
    if (available < line.quantity) throw new OutOfStockError(line, available);
  }
  for (const line of wanted) {
    await tx
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} - ${line.quantity}` })
      .where(variantKey(line));
  }
}

/** Puts the lines back (an order that was cancelled or returned); variants withdrawn since are skipped. */
export async function restock(tx: Database, lines: readonly StockLine[]): Promise<void> {
  for (const line of mergeLines(lines)) {
    await tx
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} + ${line.quantity}` })
      .where(variantKey(line));
  }
}
