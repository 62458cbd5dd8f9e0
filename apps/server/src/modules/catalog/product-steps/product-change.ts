import { ADMIN_CATALOG_MESSAGES as M, type AdminProduct } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { type ProductRow, products } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { adminProductView } from './admin-product-view.ts';
import type { CatalogAdminDeps } from './catalog-admin-deps.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const productNotFound = () => new AppError('NOT_FOUND', M.productNotFound);

export async function lockProduct(tx: Database, id: string): Promise<ProductRow> {
  if (!UUID.test(id)) throw productNotFound();
  // No key update: an order line being written for the product (a key share lock, its foreign
  // key) goes on without waiting for a back-office edit of it.
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('no key update');
  if (!row) throw productNotFound();
  return row;
}

/** Runs one change: lock, change, audit before → after, commit, then clear the storefront cache. */
export async function runProductChange(
  deps: Pick<CatalogAdminDeps, 'db' | 'images' | 'audit' | 'catalogChanges'>,
  actorId: string,
  id: string,
  action: string,
  apply: (tx: Database, row: ProductRow) => Promise<void>,
): Promise<AdminProduct> {
  const result = await deps.db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    const before = await adminProductView(deps, tx, row);
    await apply(tx, row);
    const after = await adminProductView(deps, tx, await lockProduct(tx, id));
    await deps.audit.record(tx, { actorId, action, entity: 'product', entityId: id, before, after });
    return after;
  });
  deps.catalogChanges.changedHere();
  return result;
}
