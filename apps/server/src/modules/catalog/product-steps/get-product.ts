import type { AdminProduct } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { products } from '../../../db/schema.ts';
import { adminProductView } from './admin-product-view.ts';
import type { CatalogAdminDeps } from './catalog-admin-deps.ts';
import { productNotFound, UUID } from './product-change.ts';

export async function getProduct(deps: Pick<CatalogAdminDeps, 'db' | 'images'>, id: string): Promise<AdminProduct> {
  if (!UUID.test(id)) throw productNotFound();
  const [row] = await deps.db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw productNotFound();
  return adminProductView(deps, deps.db, row);
}
