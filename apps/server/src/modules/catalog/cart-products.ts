import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, productSizes } from '../../db/schema.ts';
import type { CatalogDeps } from './catalog-deps.ts';
import { isOnSale, isProductId } from './product-sql.ts';
import { toProductView } from './product-view.ts';

/** What the cart reads of a product: its prices in cents and the stock of each size. */
export type CartProduct = {
  id: string;
  name: string;
  image: string;
  priceCents: number;
  salePriceCents: number | null;
  stockBySize: Map<string, number>;
};

/**
 * Products by id with their sizes' stock, for the cart and checkout. Ids that name nothing are
 * simply absent from the map. `executor` lets a caller read inside its own transaction.
 */
export async function getForCart(
  { db }: Pick<CatalogDeps, 'db'>,
  productIds: readonly string[],
  executor: Database = db,
): Promise<Map<string, CartProduct>> {
  const ids = [...new Set(productIds)].filter((id) => isProductId(id));
  const found = new Map<string, CartProduct>();
  if (ids.length === 0) return found;
  // One after the other: inside a caller's transaction both run on its single connection.
  // A product withdrawn from sale can no longer be added or bought; its lines drop out of carts.
  const rows = await executor
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), isOnSale));
  const sizeRows = await executor
    .select({ productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock })
    .from(productSizes)
    .where(inArray(productSizes.productId, ids));
  for (const row of rows) {
    found.set(row.id, {
      id: row.id,
      name: row.name,
      image: toProductView(row, []).image,
      priceCents: row.priceCents,
      salePriceCents: row.salePriceCents,
      stockBySize: new Map(),
    });
  }
  for (const s of sizeRows) found.get(s.productId)?.stockBySize.set(s.size, s.stock);
  return found;
}
