import { ADMIN_CATALOG_MESSAGES as M } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { productColours, productSizes } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';

/**
 * Sets the product's sizes, in picker order, for every colour at once: the grid stays full (each
 * colour has a row for each size), a new size starts at `stock` of its colour or 0, and a size is
 * removed from every colour only when no colour has stock of it.
 */
export async function writeSizes(
  tx: Database,
  productId: string,
  sizes: readonly string[],
  stockOf: (colourId: string) => Record<string, number> = () => ({}),
) {
  const colours = await tx
    .select({ id: productColours.id })
    .from(productColours)
    .where(eq(productColours.productId, productId));
  const current = await tx
    .select({ size: productSizes.size, stock: productSizes.stock })
    .from(productSizes)
    .where(eq(productSizes.productId, productId));
  const goneSizes = [...new Set(current.map((c) => c.size))].filter((size) => !sizes.includes(size));
  for (const gone of goneSizes) {
    const stock = current.filter((c) => c.size === gone).reduce((sum, c) => sum + c.stock, 0);
    if (stock > 0) {
      const message = M.sizeHasStock(gone, stock);
      throw new AppError('CONFLICT', message, [{ param: 'sizes', msg: message }]);
    }
    await tx.delete(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, gone)));
  }
  for (const colour of colours) {
    const stock = stockOf(colour.id);
    for (const [position, size] of sizes.entries()) {
      await tx
        .insert(productSizes)
        // Own keys only: a size named like an Object property ('constructor', '__proto__') has no opening stock.
        .values({
          productId,
          colourId: colour.id,
          size,
          position,
          stock: Object.hasOwn(stock, size) ? (stock[size] ?? 0) : 0,
        })
        .onConflictDoUpdate({
          target: [productSizes.productId, productSizes.colourId, productSizes.size],
          set: { position },
        });
    }
  }
}
